import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Manifest, ManifestChunk, PageData, RouteEntry } from '@vitrina-docs/schemas';
import { entryAssets, RENDERER_CACHE } from '../prerender.ts';

type Chunks = readonly (readonly [string, ManifestChunk])[];

type Assets = ReturnType<typeof entryAssets>;

interface ServerEntry {
  /** sha256 sources of the inline scripts of every page (for the Content-Security-Policy). */
  INLINE_SCRIPT_HASHES?: string[];
  renderDocument(input: { manifest: Manifest; chunks: Chunks; route: RouteEntry | null; page: PageData | null; assets: Assets }): {
    html: string;
    status: number;
  };
}

/** The built renderer (`npm run build:renderer`): its prerender entry and its client's files. */
export interface RendererEntry {
  render(manifest: Manifest, chunks: Chunks, route: RouteEntry | null, page: PageData | null): { html: string; status: number };
  /** The client's built files (served under /assets/). */
  clientDir: string;
  /** Modification time of the server entry when it was loaded. */
  stamp: number;
  /** The CSP sources of the inline scripts its pages carry. */
  scriptHashes: string[];
}

export function rendererFiles(root: string): { server: string; viteManifest: string; clientDir: string } {
  const clientDir = join(root, RENDERER_CACHE, 'client');
  return { server: join(root, RENDERER_CACHE, 'server', 'server.js'), viteManifest: join(clientDir, '.vite', 'manifest.json'), clientDir };
}

/** Imports the renderer's server entry (again, after a rebuild); null when it is not built. */
export async function loadRenderer(root: string): Promise<RendererEntry | null> {
  const files = rendererFiles(root);
  if (!existsSync(files.server) || !existsSync(files.viteManifest)) return null;
  const stamp = statSync(files.server).mtimeMs;
  const loaded = (await import(`${pathToFileURL(files.server).href}?v=${stamp}`)) as Partial<ServerEntry> & { default?: ServerEntry };
  // Outside a `"type": "module"` package a loader may hand the module over as CommonJS.
  const entry = typeof loaded.renderDocument === 'function' ? (loaded as ServerEntry) : loaded.default;
  if (typeof entry?.renderDocument !== 'function') return null;
  const entryFiles = entryAssets(JSON.parse(readFileSync(files.viteManifest, 'utf8')) as Parameters<typeof entryAssets>[0]);
  return {
    // The renderer's stylesheet and the build's (code highlighting, made by the dev server).
    render: (manifest, chunks, route, page) =>
      entry.renderDocument({
        manifest,
        chunks,
        route,
        page,
        assets: { ...entryFiles, styles: [...entryFiles.styles, ...manifest.assets.css] },
      }),
    clientDir: files.clientDir,
    stamp,
    scriptHashes: entry.INLINE_SCRIPT_HASHES ?? [],
  };
}
