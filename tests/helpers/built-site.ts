/**
 * A built site read from its dist/ folder the way a tool reads it: the manifest shell, then
 * every chunk it names and every part their trees name. For tests and the benchmark (the site
 * itself never loads them all).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleCode, Manifest, ManifestChunk, RouteEntry, SidebarId, SidebarItem } from '@vitrina-docs/schemas';
import { partsNamedBy, SiteRoutes } from '../../renderer/shared/site-routes.ts';

export interface BuiltSite {
  /** The shell (dist/manifest.json). */
  manifest: Manifest;
  /** Every chunk the shell names and every part of their trees, by URL. */
  chunks: Map<string, ManifestChunk>;
  /** Every route: the shell's and the chunks' (a page shared by the versions of a sidebar once). */
  routes: RouteEntry[];
  /** The whole tree of a sidebar in a version (null for a sidebar without versions), its parts in place. */
  sidebar(locale: LocaleCode, sidebar: SidebarId, version: string | null): SidebarItem[];
}

export function readBuiltSite(dist: string): BuiltSite {
  const read = <T>(url: string) => JSON.parse(readFileSync(join(dist, url), 'utf8')) as T;
  const manifest = read<Manifest>('manifest.json');
  const chunks = new Map<string, ManifestChunk>();
  const routes = new SiteRoutes(manifest);
  const load = (url: string) => {
    const chunk = read<ManifestChunk>(url);
    chunks.set(url, chunk);
    routes.add(url, chunk);
    for (const part of partsNamedBy(chunk)) load(part.url);
  };
  for (const data of Object.values(manifest.locales)) for (const ref of data?.chunks ?? []) load(ref.url);
  const byPath = new Map<string, RouteEntry>();
  for (const data of Object.values(manifest.locales)) for (const route of data?.routes ?? []) byPath.set(route.path, route);
  for (const chunk of chunks.values()) for (const route of chunk.routes) if (!byPath.has(route.path)) byPath.set(route.path, route);
  return {
    manifest,
    chunks,
    routes: [...byPath.values()],
    sidebar(locale, sidebar, version) {
      const tree = routes.sidebar(locale, sidebar, version);
      if (!tree) throw new Error(`no ${sidebar} sidebar ${version ?? ''} in ${locale}`);
      return tree.items;
    },
  };
}
