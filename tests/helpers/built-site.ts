/**
 * A built site read from its dist/ folder the way a tool reads it: the manifest shell, then
 * every chunk it names. For tests and the benchmark (the site itself never loads them all).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleCode, Manifest, ManifestChunk, RouteEntry, SidebarId, SidebarItem } from '@vitrina-docs/schemas';

export interface BuiltSite {
  /** The shell (dist/manifest.json). */
  manifest: Manifest;
  /** Every chunk the shell names, by URL. */
  chunks: Map<string, ManifestChunk>;
  /** Every route: the shell's and the chunks' (a page shared by the versions of a sidebar once). */
  routes: RouteEntry[];
  /** The tree of a sidebar in a version (null for a sidebar without versions). */
  sidebar(locale: LocaleCode, sidebar: SidebarId, version: string | null): SidebarItem[];
}

export function readBuiltSite(dist: string): BuiltSite {
  const read = <T>(url: string) => JSON.parse(readFileSync(join(dist, url), 'utf8')) as T;
  const manifest = read<Manifest>('manifest.json');
  const chunks = new Map<string, ManifestChunk>();
  const byPath = new Map<string, RouteEntry>();
  for (const data of Object.values(manifest.locales)) {
    for (const route of data?.routes ?? []) byPath.set(route.path, route);
    for (const ref of data?.chunks ?? []) {
      const chunk = read<ManifestChunk>(ref.url);
      chunks.set(ref.url, chunk);
      for (const route of chunk.routes) if (!byPath.has(route.path)) byPath.set(route.path, route);
    }
  }
  return {
    manifest,
    chunks,
    routes: [...byPath.values()],
    sidebar(locale, sidebar, version) {
      for (const chunk of chunks.values())
        if (chunk.kind === 'sidebar' && chunk.locale === locale && chunk.sidebar === sidebar && chunk.version === version)
          return chunk.items;
      throw new Error(`no ${sidebar} sidebar ${version ?? ''} in ${locale}`);
    },
  };
}
