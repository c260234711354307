/**
 * The files of a built site, from its folder or from its URL: what the MCP server reads (the
 * manifest and its chunks, page JSON, each page's markdown, the search index).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { LoadJson } from '@vitrina-docs/search';
import { folderSource } from '@vitrina-docs/search/node';

export interface SiteFiles {
  /** Where the site is read from (a folder or a URL), for messages. */
  where: string;
  /** A site path's text (`/docs/a.md`), or null when the site has no such file. */
  text(path: string): Promise<string | null>;
  /** A site path's JSON (`/manifest.json`, `/search/…`); a missing file is an error that says what to do. */
  json: LoadJson;
}

/** A built site's folder (dist/). */
export function folderFiles(dir: string): SiteFiles {
  const root = resolve(dir);
  return {
    where: root,
    async text(path) {
      const file = join(root, path);
      if (!file.startsWith(root)) return null;
      try {
        return await readFile(file, 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw e;
      }
    },
    json: folderSource(root),
  };
}

/** A published site, by its base URL (`https://docs.vitrina.example`). */
export function urlFiles(base: string, fetchImpl: typeof fetch = fetch): SiteFiles {
  const root = base.replace(/\/+$/, '');
  const get = async (path: string) => {
    const response = await fetchImpl(`${root}${path}`);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${root}${path}`);
    return response.text();
  };
  return {
    where: root,
    text: get,
    async json(path) {
      const text = await get(path);
      if (text === null) throw new Error(`${root}${path} is missing (HTTP 404): is ${root} a vitrina-docs site?`);
      return JSON.parse(text) as unknown;
    },
  };
}
