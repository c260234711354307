/**
 * The build's step for offline reading: the precache list from the staged output (after the
 * pages are prerendered and the client's assets copied), written with the renderer's worker
 * code as `/sw.js`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleCode, SidebarId } from '@vitrina-docs/schemas';
import { SiteSearch } from '@vitrina-docs/search';
import type { AssembledSite } from '../pipeline/assemble.ts';
import type { StagedOutput } from '../pipeline/emit.ts';
import { RENDERER_CACHE } from '../prerender.ts';
import { precacheList, serviceWorkerScript } from './service-worker.ts';
import { SERVICE_WORKER_URL } from '../site-paths.ts';

/** Where the renderer's build puts the worker's code (renderer/vite.config.ts). */
export const SERVICE_WORKER_CODE = join(RENDERER_CACHE, 'sw', 'service-worker.js');

export async function writeServiceWorker(
  root: string,
  site: AssembledSite,
  /** Reads a file the build wrote (`search/ru.….json`), null when there is none. */
  readOutput: (path: string) => string | null,
  sidebars: readonly SidebarId[],
  out: StagedOutput,
): Promise<void> {
  const codeFile = join(root, SERVICE_WORKER_CODE);
  if (!existsSync(codeFile)) throw new Error(`${SERVICE_WORKER_CODE} is missing: build the renderer (npm run build:renderer)`);
  const assets = join(root, RENDERER_CACHE, 'client', 'assets');
  const scripts = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((f) => `/assets/${f}`);
  // The search files over the offline sidebars, as the search runtime lists them.
  const search = new SiteSearch(site.manifest, async (path) => JSON.parse(readOutput(path.slice(1)) ?? 'null') as unknown);
  const files: Partial<Record<LocaleCode, string[]>> = {};
  for (const locale of search.locales) files[locale] = await search.files(locale, { sidebars });
  const precache = precacheList({ site, sidebars, searchFiles: files, scripts, read: (file) => out.read(file) });
  out.write(SERVICE_WORKER_URL.slice(1), serviceWorkerScript(precache, readFileSync(codeFile, 'utf8')));
}
