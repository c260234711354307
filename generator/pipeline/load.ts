import { existsSync, readFileSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import matter from 'gray-matter';
import type { Diagnostics } from '../diagnostics.ts';
import { routeOfFile, type SourceRoute } from '../routes.ts';
import { parseYamlLazily, type YamlSource } from '../yaml-source.ts';

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
  /** content/routes.tsv: route → kind, with the line it is on. */
  inventory: Map<string, { sidebar: string; kind: string; line: number }> | null;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

function readYaml(abs: string, root: string, diagnostics: Diagnostics): YamlSource | null {
  return parseYamlLazily(readFileSync(abs, 'utf8'), relative(root, abs), diagnostics);
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
  const source = readFileSync(abs, 'utf8');
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

function loadInventory(path: string): LoadedContent['inventory'] {
  if (!existsSync(path)) return null;
  const map = new Map<string, { sidebar: string; kind: string; line: number }>();
  readFileSync(path, 'utf8')
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
  for (const abs of [...listFiles(join(contentDir, 'docs')), ...listFiles(join(contentDir, 'blog'))].sort()) {
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
  const staticFiles = new Set(listFiles(staticDir).map((abs) => `/${relative(staticDir, abs).split('\\').join('/')}`));
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
  };
}
