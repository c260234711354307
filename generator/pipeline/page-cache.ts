import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledPage } from '../markdown/processor.ts';

/**
 * One file under .cache/ holding compiled pages and check results, keyed by a hash of
 * everything they depend on (the source, its options, the facts, the published files and the
 * code of the markdown plugins). A warm `validate` or `build` only compiles what changed.
 * Entries not used by a run are dropped when it saves, so the file does not grow.
 *
 * The file is lines of text: the version and the check results as JSON, then two lines per page,
 * `<key> <the page but its body, as JSON>` and the body's JSON text as it is. A page's body is
 * most of its size and is written into the page JSON as text, so it is never parsed here, nor
 * escaped into a JSON string.
 */
export class BuildCache {
  private readonly file: string;
  readonly version: string;
  private readonly pages = new Map<string, CompiledPage>();
  private readonly checks: Record<string, string | null> = {};
  private readonly used = { pages: new Set<string>(), checks: new Set<string>() };
  private dirty = false;

  /** `kind` separates validation (no page bodies kept) from builds. */
  constructor(root: string, enabled = true, kind: 'validate' | 'build' = 'build') {
    this.file = join(root, '.cache', `${kind}-cache.txt`);
    this.version = pluginFingerprint();
    if (enabled && existsSync(this.file)) {
      try {
        this.read(readFileSync(this.file, 'utf8'));
      } catch {
        // unreadable: start afresh
        this.pages.clear();
      }
    }
  }

  private read(text: string): void {
    let at = text.indexOf('\n');
    const head = JSON.parse(text.slice(0, at)) as { version: string; checks: Record<string, string | null> };
    if (head.version !== this.version) return;
    Object.assign(this.checks, head.checks);
    while (at < text.length - 1) {
      const metaEnd = text.indexOf('\n', at + 1);
      const bodyEnd = text.indexOf('\n', metaEnd + 1);
      if (metaEnd < 0 || bodyEnd < 0) throw new Error('truncated cache');
      const space = text.indexOf(' ', at + 1);
      const page = JSON.parse(text.slice(space + 1, metaEnd)) as CompiledPage;
      page.body = text.slice(metaEnd + 1, bodyEnd);
      this.pages.set(text.slice(at + 1, space), page);
      at = bodyEnd;
    }
  }

  page(key: string): CompiledPage | null {
    const p = this.pages.get(key);
    if (p) this.used.pages.add(key);
    return p ?? null;
  }

  setPage(key: string, page: CompiledPage): void {
    this.pages.set(key, page);
    this.used.pages.add(key);
    this.dirty = true;
  }

  check(key: string): string | null | undefined {
    if (!(key in this.checks)) return undefined;
    this.used.checks.add(key);
    return this.checks[key];
  }

  setCheck(key: string, value: string | null): void {
    this.checks[key] = value;
    this.used.checks.add(key);
    this.dirty = true;
  }

  /** Writes the entries this run used; `partial` runs keep the others too. `body` reads a page's body where it is kept. */
  save(partial = false, body: (page: CompiledPage) => string = (page) => page.body): void {
    const unused =
      [...this.pages.keys()].some((k) => !this.used.pages.has(k)) || Object.keys(this.checks).some((k) => !this.used.checks.has(k));
    if (!this.dirty && (partial || !unused)) return;
    const checks = partial ? this.checks : Object.fromEntries(Object.entries(this.checks).filter(([k]) => this.used.checks.has(k)));
    const tmp = `${this.file}.${process.pid}`;
    let fd: number | null = null;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      // (The cache of earlier versions, one JSON file.)
      rmSync(this.file.replace(/\.txt$/, '.json'), { force: true });
      // Written a page at a time: the whole cache as one string would double the build's memory.
      fd = openSync(tmp, 'w');
      writeSync(fd, `${JSON.stringify({ version: this.version, checks })}\n`);
      for (const [key, page] of this.pages) {
        if (!partial && !this.used.pages.has(key)) continue;
        writeSync(fd, `${key} ${JSON.stringify({ ...page, body: undefined, spooled: undefined })}\n${body(page)}\n`);
      }
      closeSync(fd);
      fd = null;
      renameSync(tmp, this.file);
    } catch {
      // a cache that cannot be written only costs time
      if (fd !== null) closeSync(fd);
      rmSync(tmp, { force: true });
    }
  }

  /** Lets go of the compiled pages (a build that has saved its cache and no longer needs them here). */
  release(): void {
    this.pages.clear();
  }
}

/** Removes the caches of compiled pages and checks of a project (not the renderer bundle). */
export function removeBuildCache(root: string): void {
  for (const name of ['build-cache.txt', 'validate-cache.txt']) rmSync(join(root, '.cache', name), { force: true });
}

let fingerprint: string | null = null;

/**
 * A hash of the generator's own code: changing a plugin or a check invalidates the cache. The
 * TypeScript sources are hashed when present, so the compiled CLI and the sources share a cache.
 */
export function pluginFingerprint(): string {
  if (fingerprint) return fingerprint;
  const here = dirname(fileURLToPath(import.meta.url));
  const sources = join(here, '..', '..', '..', 'generator');
  // (An installed package has generator/dev/client/ but no TypeScript sources.)
  const base = here.includes(`${join('lib', 'generator')}`) && existsSync(join(sources, 'markdown')) ? sources : join(here, '..');
  const h = createHash('sha256');
  // (scaffold/: the templates, whose sentences the template-text check looks for.)
  for (const dir of [join(base, 'markdown'), join(base, 'openapi'), join(base, 'scaffold')]) {
    for (const name of readdirSync(dir).sort()) {
      if (/\.(ts|js)$/.test(name) && !name.endsWith('.d.ts') && !name.includes('.test.'))
        h.update(name).update(readFileSync(join(dir, name)));
    }
  }
  fingerprint = h.digest('hex').slice(0, 32);
  return fingerprint;
}
