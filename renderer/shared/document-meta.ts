/**
 * Title and description of a route, composed the same way by the prerender (<head>) and
 * the browser (document.title after a client navigation). Pure.
 */
import type { LocaleData, Manifest, RouteEntry, PageData } from '@vitrina-docs/schemas';

export interface DocumentMeta {
  title: string;
  description: string;
}

export function documentMeta(
  manifest: Manifest,
  data: LocaleData,
  route: RouteEntry | null,
  page: PageData | null,
  /** The page is not available offline (the offline message is shown). */
  offline = false,
): DocumentMeta {
  const site = manifest.site.name;
  const ui = data.ui;
  const suffix = (t: string) => (t === site ? t : `${t} | ${site}`);
  if (offline) return { title: suffix(ui.offline.unavailableTitle), description: ui.offline.unavailableText };
  if (!route) return { title: suffix(ui.notFound.title), description: ui.notFound.text };
  switch (route.kind) {
    case 'home':
      return { title: ui.home.title, description: ui.home.lead };
    case 'search':
      return { title: suffix(ui.search.title), description: ui.home.promise };
    case 'blog-index':
      return { title: suffix(ui.blog.title), description: ui.blog.description };
    case 'blog-archive':
      return { title: suffix(ui.blog.archive), description: ui.blog.archiveDescription };
    case 'redirect':
      return { title: suffix(route.title), description: route.title };
    case 'doc':
    case 'blog-post':
      return { title: suffix(page?.title ?? route.title), description: page?.description ?? route.title };
  }
}
