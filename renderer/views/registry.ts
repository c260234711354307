/**
 * Code that a docs page does not need lives in its own chunks: the home, search and blog
 * views, and the API reference (endpoint line and tables of API method pages). The prerender
 * registers everything up front; the browser loads a route's chunks before it shows (or
 * hydrates) the route.
 */
import type { ComponentType } from 'react';
import type { RouteEntry, ApiOperation, PageData } from '@vitrina-docs/schemas';

export interface LazyViews {
  HomeView?: ComponentType;
  SearchView?: ComponentType;
  BlogIndexView?: ComponentType;
  BlogArchiveView?: ComponentType;
  BlogPostView?: ComponentType<{ page: PageData }>;
  OperationTables?: ComponentType<{ operation: ApiOperation }>;
  NotFoundView?: ComponentType;
}

const views: LazyViews = {};

export function registerViews(more: LazyViews): void {
  Object.assign(views, more);
}

export function lazyViews(): LazyViews {
  return views;
}

export const CHUNKS = {
  home: () => import('./HomeView.tsx'),
  search: () => import('./SearchView.tsx'),
  blog: () => import('./blog-views.ts'),
  api: () => import('../components/api-reference.ts'),
  'not-found': () => import('./NotFoundView.tsx'),
} satisfies Record<string, () => Promise<LazyViews>>;
export type ChunkName = keyof typeof CHUNKS;

const PROVIDES: Record<ChunkName, keyof LazyViews> = {
  home: 'HomeView',
  search: 'SearchView',
  blog: 'BlogPostView',
  api: 'OperationTables',
  'not-found': 'NotFoundView',
};

/**
 * The chunks a route needs beyond the entry. The API reference tables are static markup: the
 * first page keeps the prerendered tables as they are (see DocContent), so only a client
 * navigation to an API method page needs their code.
 */
export function chunksOf(route: RouteEntry | null, first = false): ChunkName[] {
  if (!route) return ['not-found'];
  switch (route.kind) {
    case 'home':
      return ['home'];
    case 'search':
      return ['search'];
    case 'blog-index':
    case 'blog-archive':
    case 'blog-post':
      return ['blog'];
    case 'doc':
      return route.api && !first ? ['api'] : [];
    default:
      return [];
  }
}

export async function loadViews(route: RouteEntry | null, first = false): Promise<void> {
  await Promise.all(chunksOf(route, first).map(async (name) => views[PROVIDES[name]] || registerViews(await CHUNKS[name]())));
}
