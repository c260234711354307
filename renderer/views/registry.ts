/**
 * Code that a docs page does not need lives in its own chunks: the home, search and blog
 * views, the drawing of a doc page's content from its page JSON, and the API reference tables. The prerender
 * registers everything up front; the browser loads a route's chunks before it shows (or
 * hydrates) the route.
 */
import type { ComponentProps, ComponentType } from 'react';
import type { RouteEntry, ApiOperation, PageData } from '@vitrina-docs/schemas';
import type { DocContent } from '../components/DocContent.tsx';

export interface LazyViews {
  HomeView?: ComponentType;
  SearchView?: ComponentType;
  BlogIndexView?: ComponentType;
  BlogArchiveView?: ComponentType;
  BlogPostView?: ComponentType<{ page: PageData }>;
  OperationTables?: ComponentType<{ operation: ApiOperation }>;
  EndpointLine?: ComponentType<{ operation: ApiOperation }>;
  DocContent?: ComponentType<ComponentProps<typeof DocContent>>;
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
  body: () => import('../components/doc-body.ts'),
  api: () => import('../components/api-reference.ts'),
  'not-found': () => import('./NotFoundView.tsx'),
} satisfies Record<string, () => Promise<LazyViews>>;
export type ChunkName = keyof typeof CHUNKS;

const PROVIDES: Record<ChunkName, keyof LazyViews> = {
  home: 'HomeView',
  search: 'SearchView',
  blog: 'BlogPostView',
  body: 'DocContent',
  api: 'OperationTables',
  'not-found': 'NotFoundView',
};

/**
 * The chunks a route needs beyond the entry. The first page keeps its prerendered content as
 * it is (see PrerenderedContent), so only a client navigation to a doc page needs the code
 * that draws a body (and an API method page the reference tables').
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
      return first ? [] : route.api ? ['body', 'api'] : ['body'];
    default:
      return [];
  }
}

export async function loadViews(route: RouteEntry | null, first = false): Promise<void> {
  await Promise.all(chunksOf(route, first).map(async (name) => views[PROVIDES[name]] || registerViews(await CHUNKS[name]())));
}
