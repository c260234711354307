/**
 * `@vitrina-docs/search/node`: the search runtime reading a built site from a folder (Node only;
 * the rest of the package uses no Node built-in).
 *
 * ```js
 * import { openSearch } from '@vitrina-docs/search';
 * import { folderSource } from '@vitrina-docs/search/node';
 * const search = await openSearch({ site: folderSource('dist') });
 * ```
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { LoadJson } from './loaded-index.ts';

/** A built site that is not there, or not whole. */
export class SiteNotBuiltError extends Error {
  constructor(
    readonly dir: string,
    readonly path: string,
  ) {
    super(
      path === '/manifest.json'
        ? `no built site in ${dir} (${join(dir, 'manifest.json')} is missing): build it first with \`npx vitrina-docs build\``
        : `${join(dir, path)} is missing: the site in ${dir} is incomplete or from another build; build it again`,
    );
    this.name = 'SiteNotBuiltError';
  }
}

/** Reads site paths (`/manifest.json`, `/search/…`) from a built site's folder. */
export function folderSource(dir: string): LoadJson {
  const root = resolve(dir);
  return async (path) => {
    let text: string;
    try {
      text = await readFile(join(root, path), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new SiteNotBuiltError(root, path);
      throw e;
    }
    return JSON.parse(text) as unknown;
  };
}
