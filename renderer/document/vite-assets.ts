/**
 * Reads the Vite client manifest (.cache/renderer/client/.vite/manifest.json): the URLs an
 * HTML page needs for the client entry, and the extra chunks of each lazily loaded view.
 * Used by the SSR build (view chunks) and offered to the generator (entry assets).
 */
export interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

export const CLIENT_ENTRY = 'renderer/client.tsx';

const url = (file: string) => `/${file}`;

function staticClosure(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

/** The `assets` argument of renderDocument for every page. */
export function entryAssets(manifest: ViteManifest): { scripts: string[]; styles: string[]; preload: string[] } {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`the Vite manifest has no entry ${CLIENT_ENTRY}`);
  const keys = [...staticClosure(manifest, CLIENT_ENTRY)];
  return {
    scripts: [url(entry.file)],
    styles: [...new Set(keys.flatMap((k) => manifest[k]?.css ?? []))].map(url),
    preload: keys.slice(1).map((k) => url(manifest[k]!.file)),
  };
}

/** Source files of the lazily loaded chunks, by chunk name (see CHUNKS in renderer/views/registry.ts). */
export const VIEW_SOURCES: Record<string, string> = {
  home: 'renderer/views/HomeView.tsx',
  search: 'renderer/views/SearchView.tsx',
  blog: 'renderer/views/blog-views.ts',
  body: 'renderer/components/doc-body.ts',
  api: 'renderer/components/api-reference.ts',
  'not-found': 'renderer/views/NotFoundView.tsx',
};

/** Chunk name → chunk URLs beyond the entry's. */
export function viewChunks(manifest: ViteManifest): Record<string, string[]> {
  const entry = staticClosure(manifest, CLIENT_ENTRY);
  const out: Record<string, string[]> = {};
  for (const [kind, src] of Object.entries(VIEW_SOURCES)) {
    if (!manifest[src]) continue;
    out[kind] = [...staticClosure(manifest, src)].filter((k) => !entry.has(k)).map((k) => url(manifest[k]!.file));
  }
  return out;
}
