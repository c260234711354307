import { existsSync } from 'node:fs';
import { basename, relative, sep } from 'node:path';
import type { LoadedContent } from '../pipeline/load.ts';

/** What a batch of changed files asks for. */
export type ChangeSet =
  /** Only existing pages changed: each may be a body edit, handled page by page. */
  | { kind: 'pages'; files: string[] }
  /** A page added or removed, or a file other pages depend on (site.yaml, i18n, a category, routes.tsv, facts, OpenAPI, static). */
  | { kind: 'site'; openapi: boolean }
  /** Nothing the site is made from (editor swap and backup files). */
  | { kind: 'none' };

/** Editors' temporary files: `.x.swp`, `x~`, `.#x`, `4913`, `x.tmp`. */
export function isEditorNoise(path: string): boolean {
  const name = basename(path);
  return name.startsWith('.') || name.endsWith('~') || /\.(swp|swx|tmp|bak)$/.test(name) || /^\d+$/.test(name);
}

export function classifyChanges(content: LoadedContent, paths: readonly string[]): ChangeSet {
  const relevant = paths.filter((p) => !isEditorNoise(p));
  if (!relevant.length) return { kind: 'none' };
  const known = new Set(content.pages.map((p) => p.absPath));
  if (relevant.every((p) => known.has(p) && existsSync(p))) return { kind: 'pages', files: [...new Set(relevant)] };
  const openapi = relevant.some((p) => relative(content.contentDir, p).split(sep)[0] === 'api');
  return { kind: 'site', openapi };
}
