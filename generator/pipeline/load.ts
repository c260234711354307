import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  statSync,
  type Dirent,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isUtf8 } from 'node:buffer';
import matter from 'gray-matter';
import type { Diagnostics } from '../diagnostics.ts';
import { checkPageBytes } from '../markdown/limits.ts';
import { routeOfFile, type SourceRoute } from '../routes.ts';
import { parseYamlLazily, type YamlSource } from '../yaml-source.ts';
import { refusedStaticFile } from './static-types.ts';

/** A page file as read from disk, before any check. */
export interface SourcePage {
  /** Path relative to the project root, for diagnostics: `content/docs/a/b.ru.md`. */
  file: string;
  /** Path relative to content/: `docs/a/b.ru.md`. */
  rel: string;
  absPath: string;
  route: SourceRoute;
  source: string;
  /** The markdown body (frontmatter removed). */
  body: string;
  /** Frontmatter YAML with positions, or null when it does not parse. */
  frontmatter: YamlSource | null;
  mtimeMs: number;
}

export interface LoadedContent {
  root: string;
  contentDir: string;
  staticDir: string;
  pages: SourcePage[];
  site: YamlSource | null;
  facts: YamlSource | null;
  i18n: Map<string, YamlSource | null>;
  /** `docs/<folder>` → parsed `_category.yaml`. */
  categories: Map<string, YamlSource | null>;
  /** API version → OpenAPI file (relative to root). */
  openapiFiles: Map<string, string>;
  /** Files under content/static, as site paths (`/img/x.svg`). */
  staticFiles: Set<string>;
  /** Pages that exist but are not read (symbolic links, pages past the size limit), as `key\tlocale`: their translation is not "missing". */
  refusedPages: Set<string>;
  /** content/routes.tsv: route → kind, with the line it is on. */
  inventory: Map<string, { sidebar: string; kind: string; line: number }> | null;
}

/** The regular files under a folder, and its symbolic links (which are not followed). */
function listEntries(dir: string): { files: string[]; links: string[] } {
  const out = { files: [] as string[], links: [] as string[] };
  if (!existsSync(dir)) return out;
  for (const d of readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]) {
    if (d.isFile()) out.files.push(join(d.parentPath, d.name));
    else if (d.isSymbolicLink()) out.links.push(join(d.parentPath, d.name));
  }
  return out;
}

function listFiles(dir: string): string[] {
  return listEntries(dir).files;
}

/** A symbolic link under content/ is never followed: it could publish any file of the machine. */
function reportLink(root: string, abs: string, diagnostics: Diagnostics, what: string): void {
  let target = '?';
  try {
    target = readlinkSync(abs);
  } catch {
    // unreadable: the path alone says enough
  }
  diagnostics.error(
    relative(root, abs).split(sep).join('/'),
    1,
    1,
    'symlink',
    `is a symbolic link (to ${target}): ${what} must be regular files inside content/; copy the file here instead`,
  );
}

/**
 * A content file as text: a UTF-8 byte order mark is dropped; bytes that are not UTF-8 are an
 * error at their line and column (and read as U+FFFD, so that the other checks still run).
 */
export function readText(abs: string, file: string, diagnostics: Diagnostics): string {
  const bytes = readFileSync(abs);
  const bad = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes);
  if (bad >= 0) {
    const lineStart = bad === 0 ? 0 : bytes.lastIndexOf(0x0a, bad - 1) + 1;
    const line = bytes.subarray(0, lineStart).filter((b) => b === 0x0a).length + 1;
    const column = bytes.subarray(lineStart, bad).toString('utf8').length + 1;
    const shown = [...bytes.subarray(bad, bad + 4)].map((b) => `0x${b.toString(16).padStart(2, '0')}`).join(' ');
    diagnostics.error(file, line, column, 'invalid-utf8', `bytes that are not UTF-8 (${shown}…) at byte ${bad}: save the file as UTF-8`);
  }
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The offset of the first byte that does not belong to a valid UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (!length || i + length > bytes.length) return i;
    const second = bytes[i + 1]!;
    // Overlong forms, surrogates and code points above U+10FFFF (RFC 3629).
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  return -1;
}

/** A path under content/static that is hidden (a dot file or folder), except `.well-known/` (RFC 8615). */
export function isHiddenPath(path: string): boolean {
  return path.split(/[\\/]/).some((part, i, all) => part.startsWith('.') && !(part === '.well-known' && i < all.length - 1));
}

function readYaml(abs: string, root: string, diagnostics: Diagnostics): YamlSource | null {
  const file = relative(root, abs);
  if (lstatSync(abs).isSymbolicLink()) {
    reportLink(root, abs, diagnostics, 'configuration files');
    return null;
  }
  let text: string;
  try {
    text = readText(abs, file, diagnostics);
  } catch (e) {
    diagnostics.error(file, 1, 1, 'unreadable-file', `the file cannot be read: ${(e as Error).message}`);
    return null;
  }
  return parseYamlLazily(text, file, diagnostics);
}

/** Reads one page file: frontmatter split off with gray-matter, parsed with positions. */
export function loadPage(root: string, contentDir: string, abs: string, diagnostics: Diagnostics): SourcePage | null {
  const rel = relative(contentDir, abs).split('\\').join('/');
  const file = relative(root, abs).split('\\').join('/');
  const parsed = routeOfFile(rel);
  if (!parsed.ok) {
    diagnostics.error(file, 1, 1, 'invalid-file-name', `"${rel}" maps to no route: ${parsed.reason}`);
    return null;
  }
  let source: string;
  try {
    source = readText(abs, file, diagnostics);
  } catch (e) {
    diagnostics.error(file, 1, 1, 'unreadable-file', `the file cannot be read: ${(e as Error).message}`);
    return null;
  }
  let fm: YamlSource | null = null;
  let body = source;
  if (!/^---\r?\n/.test(source)) {
    diagnostics.error(file, 1, 1, 'frontmatter-missing', 'the page has no frontmatter: start it with --- title, description ---');
  } else {
    // gray-matter splits the file; YAML is parsed by `yaml` to keep positions.
    const m = matter(source, { engines: { yaml: () => ({}) } });
    body = m.content;
    fm = parseYamlLazily(m.matter.replace(/^\r?\n/, ''), file, diagnostics, 1);
  }
  return { file, rel, absPath: abs, route: parsed.route, source, body, frontmatter: fm, mtimeMs: statSync(abs).mtimeMs };
}

/** The bytes the type check of a published file reads: the first ones of a binary type, up to 4 MB of a text type. */
function readStart(abs: string, rel: string): Uint8Array {
  const binary = /\.(?:png|jpe?g|gif|webp|avif|ico|pdf|docx|xlsx|pptx|od[tsp]|doc|xls|ppt|zip|t?gz|7z|woff2?|ttf|otf|svg)$/i.test(rel);
  const fd = openSync(abs, 'r');
  try {
    const head = Buffer.alloc(binary ? 16 : 4 * 1024 * 1024);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * The files content/static publishes, as site paths (`/img/x.svg`): regular files only. A
 * symbolic link, a hidden file or folder (`.env`, `.git/`), or a static folder that resolves
 * outside content/ is an error with its path, and is not published.
 */
function listStaticFiles(root: string, contentDir: string, staticDir: string, diagnostics: Diagnostics): Set<string> {
  const published = new Set<string>();
  if (!existsSync(staticDir)) return published;
  const real = realpathSync(staticDir);
  const realContent = realpathSync(contentDir);
  if (real !== realContent && !real.startsWith(realContent + sep)) {
    diagnostics.error(
      relative(root, staticDir),
      1,
      1,
      'outside-content',
      `content/static resolves to ${real}, outside content/: it must be a folder of content/`,
    );
    return published;
  }
  const { files, links } = listEntries(staticDir);
  for (const abs of links.sort()) reportLink(root, abs, diagnostics, 'published files');
  for (const abs of files.sort()) {
    const rel = relative(staticDir, abs).split(sep).join('/');
    if (isHiddenPath(rel)) {
      diagnostics.error(
        relative(root, abs).split(sep).join('/'),
        1,
        1,
        'hidden-file',
        `"${rel}" is hidden (its name or a folder's starts with a dot): it is not published; remove it from content/static`,
      );
      continue;
    }
    const refused = refusedStaticFile(rel, readStart(abs, rel));
    if (refused) {
      diagnostics.error(relative(root, abs).split(sep).join('/'), 1, 1, 'unsafe-static-file', `"${rel}" is not published: ${refused}`);
      continue;
    }
    published.add(`/${rel}`);
  }
  return published;
}

function loadInventory(path: string): LoadedContent['inventory'] {
  if (!existsSync(path)) return null;
  const map = new Map<string, { sidebar: string; kind: string; line: number }>();
  readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim() || line.startsWith('#')) return;
      const [route, sidebar = '-', kind = 'doc'] = line.split('\t');
      if (route) map.set(route.trim(), { sidebar: sidebar.trim(), kind: kind.trim(), line: i + 1 });
    });
  return map;
}

/** Stage 1: find and read every content file. */
export function loadContent(root: string, diagnostics: Diagnostics, contentDirName = 'content'): LoadedContent {
  const contentDir = join(root, contentDirName);
  const staticDir = join(contentDir, 'static');
  const pages: SourcePage[] = [];
  const categories = new Map<string, YamlSource | null>();
  const refused = new Set<string>();
  const docs = listEntries(join(contentDir, 'docs'));
  const blog = listEntries(join(contentDir, 'blog'));
  for (const abs of [...docs.links, ...blog.links].sort()) {
    reportLink(root, abs, diagnostics, 'pages');
    const route = routeOfFile(relative(contentDir, abs).split('\\').join('/'));
    if (route.ok) refused.add(`${route.route.key}\t${route.route.locale}`);
  }
  for (const abs of [...docs.files, ...blog.files].sort()) {
    const rel = relative(contentDir, abs).split('\\').join('/');
    if (rel.endsWith('/_category.yaml')) {
      categories.set(rel.slice(0, -'/_category.yaml'.length), readYaml(abs, root, diagnostics));
      continue;
    }
    if (!rel.endsWith('.md')) {
      diagnostics.error(
        relative(root, abs),
        1,
        1,
        'invalid-file-name',
        `"${rel}": only .md pages and _category.yaml files belong in ${rel.split('/')[0]}/ (images go in content/static)`,
      );
      continue;
    }
    // A page past the size limit is not read at all (its frontmatter could be any size too).
    const tooLarge = checkPageBytes(statSync(abs).size);
    if (tooLarge) {
      const route = routeOfFile(rel);
      if (route.ok) refused.add(`${route.route.key}\t${route.route.locale}`);
      diagnostics.add({ file: relative(root, abs).split(sep).join('/'), ...tooLarge });
      continue;
    }
    const page = loadPage(root, contentDir, abs, diagnostics);
    if (page) pages.push(page);
  }
  const i18n = new Map<string, YamlSource | null>();
  for (const abs of listFiles(join(contentDir, 'i18n')).sort()) {
    const m = /([a-z]+)\.yaml$/.exec(abs);
    if (m?.[1]) i18n.set(m[1], readYaml(abs, root, diagnostics));
  }
  const openapiFiles = new Map<string, string>();
  for (const abs of listFiles(join(contentDir, 'api')).sort()) {
    const m = /(v[0-9.]+)\.yaml$/.exec(abs);
    if (m?.[1]) openapiFiles.set(m[1], relative(root, abs));
  }
  const staticFiles = listStaticFiles(root, contentDir, staticDir, diagnostics);
  const sitePath = join(contentDir, 'site.yaml');
  const factsPath = join(contentDir, 'facts.yaml');
  if (!existsSync(sitePath)) diagnostics.error(relative(root, sitePath), 1, 1, 'missing-file', 'content/site.yaml is required');
  return {
    root,
    contentDir,
    staticDir,
    pages,
    site: existsSync(sitePath) ? readYaml(sitePath, root, diagnostics) : null,
    facts: existsSync(factsPath) ? readYaml(factsPath, root, diagnostics) : null,
    i18n,
    categories,
    openapiFiles,
    staticFiles,
    inventory: loadInventory(join(contentDir, 'routes.tsv')),
    refusedPages: refused,
  };
}
