import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledPage } from '../markdown/processor.ts';

interface CacheData {
  version: string;
  pages: Record<string, CompiledPage>;
  /** Results of checks that depend only on their inputs' hash (OpenAPI validity, example checks). */
  checks: Record<string, string | null>;
}

export const sha = (...parts: string[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 32);
};

/**
 * One file under .cache/ holding compiled pages and check results, keyed by a hash of
 * everything they depend on (the source, its options, the facts, the published files and the
 * code of the markdown plugins). A warm `validate` or `build` only compiles what changed.
 * Entries not used by a run are dropped when it saves, so the file does not grow.
 */
export class BuildCache {
  private readonly file: string;
  private readonly data: CacheData;
  private readonly used = { pages: new Set<string>(), checks: new Set<string>() };
  private dirty = false;
  private readonly lean: boolean;

  /** `kind` separates validation (no page bodies kept) from builds. */
  constructor(root: string, enabled = true, kind: 'validate' | 'build' = 'build') {
    this.file = join(root, '.cache', `${kind}-cache.json`);
    this.lean = kind === 'validate';
    const version = pluginFingerprint();
    let data: CacheData = { version, pages: {}, checks: {} };
    if (enabled && existsSync(this.file)) {
      try {
        const read = JSON.parse(readFileSync(this.file, 'utf8')) as CacheData;
        if (read.version === version) data = read;
      } catch {
        // unreadable: start afresh
      }
    }
    this.data = data;
  }

  page(key: string): CompiledPage | null {
    const p = this.data.pages[key];
    if (p) this.used.pages.add(key);
    return p ?? null;
  }

  setPage(key: string, page: CompiledPage): void {
    // Validation reads no bodies: keeping them would only make the cache slower to load.
    this.data.pages[key] = this.lean ? { ...page, body: { type: 'root', children: [] }, sections: [], codeClasses: {} } : page;
    this.used.pages.add(key);
    this.dirty = true;
  }

  check(key: string): string | null | undefined {
    if (!(key in this.data.checks)) return undefined;
    this.used.checks.add(key);
    return this.data.checks[key];
  }

  setCheck(key: string, value: string | null): void {
    this.data.checks[key] = value;
    this.used.checks.add(key);
    this.dirty = true;
  }

  /** Writes the entries this run used; `partial` runs keep the others too. */
  save(partial = false): void {
    const unusedPages = Object.keys(this.data.pages).some((k) => !this.used.pages.has(k));
    if (!this.dirty && (partial || !unusedPages)) return;
    const keep = <T>(rec: Record<string, T>, used: Set<string>) =>
      partial ? rec : Object.fromEntries(Object.entries(rec).filter(([k]) => used.has(k)));
    const out: CacheData = {
      version: this.data.version,
      pages: keep(this.data.pages, this.used.pages),
      checks: keep(this.data.checks, this.used.checks),
    };
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}`;
      writeFileSync(tmp, JSON.stringify(out));
      renameSync(tmp, this.file);
    } catch {
      // a cache that cannot be written only costs time
    }
  }
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
