/**
 * The route table of the manifest, indexed for lookups. Pure: shared by the prerender
 * entry and the browser (which builds it from the fetched /manifest.json).
 */
import type { Manifest, RouteEntry } from '@vitrina-docs/schemas';
import { canonicalPath } from '@vitrina-docs/schemas/paths';

export interface RouteTable {
  get(path: string): RouteEntry | undefined;
  /** Follows redirect routes (at most a few hops) to the route that is drawn. */
  resolve(path: string): { path: string; route: RouteEntry | null };
}

export function createRouteTable(manifest: Pick<Manifest, 'routes'>): RouteTable {
  const byPath = new Map<string, RouteEntry>();
  for (const route of manifest.routes) byPath.set(route.path, route);
  return {
    get: (path) => byPath.get(path),
    resolve(path) {
      let current = canonicalPath(path);
      for (let hops = 0; hops < 5; hops++) {
        const route = byPath.get(current);
        if (!route) return { path: current, route: null };
        if (route.kind !== 'redirect') return { path: current, route };
        current = canonicalPath(route.to);
      }
      return { path: current, route: null };
    },
  };
}

/** Routes with a page JSON. */
export function hasPageData(route: RouteEntry | null | undefined): route is Extract<RouteEntry, { data: string }> {
  return route?.kind === 'doc' || route?.kind === 'blog-post';
}
