/**
 * The prerender entry: the generator calls `renderDocument` for every route (and with
 * `route: null` for 404.html). Built by Vite in SSR mode to .cache/renderer/server/server.js.
 */
import { createHash } from 'node:crypto';
import { renderToString } from 'react-dom/server';
import type { LocaleCode, Manifest, ManifestChunk, RouteEntry, PageData } from '@vitrina-docs/schemas';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { App } from './app/App.tsx';
import { ANNOUNCEMENT_SCRIPT } from './document/announcement-script.ts';
import { CLIENT_LOADER_SCRIPT } from './document/client-loader-script.ts';
import { COLOUR_MODE_SCRIPT } from './document/colour-mode-script.ts';
import { NOT_FOUND_PATH } from './document/ids.ts';
import { htmlDocument, redirectDocument, type DocumentAssets } from './document/html-document.ts';
import { createStaticRouter, initialState } from './router/router.ts';
import { documentMeta } from './shared/document-meta.ts';
import { hasPageData, SiteRoutes } from './shared/site-routes.ts';
import { VIEW_CHUNK_FILES } from './document/view-chunks.ts';
import * as blogViews from './views/blog-views.ts';
import { HomeView } from './views/HomeView.tsx';
import { chunksOf, registerViews } from './views/registry.ts';
import * as apiReference from './components/api-reference.ts';
import * as docBody from './components/doc-body.ts';
import { NotFoundView } from './views/NotFoundView.tsx';
import { SearchView } from './views/SearchView.tsx';

registerViews({ HomeView, SearchView, NotFoundView, ...blogViews, ...docBody, ...apiReference });

/** sha256 sources of the inline scripts, for the Content-Security-Policy (`script-src 'sha256-…'`). */
export const INLINE_SCRIPT_HASHES: string[] = [COLOUR_MODE_SCRIPT, ANNOUNCEMENT_SCRIPT, CLIENT_LOADER_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

export interface RenderInput {
  /** The shell (manifest.json). */
  manifest: Manifest;
  /**
   * The chunks the page is drawn with, by URL: the sidebar of a doc page in its version (the
   * current one for a page shared by the versions), the blog for the blog's pages. The HTML names
   * them, so that the browser fetches them with the shell before it hydrates.
   */
  chunks: readonly (readonly [string, ManifestChunk])[];
  /** null → the not-found page (404.html). */
  route: RouteEntry | null;
  /** The page JSON of doc and blog-post routes. */
  page: PageData | null;
  /** URLs from the Vite client manifest. */
  assets: DocumentAssets;
  /** The locale of the not-found page (route null); the default locale when absent. */
  locale?: LocaleCode;
  /** Draw the offline app shell of this locale instead (with `route: null`): the service worker's answer to every page offline; the app draws the page. */
  offline?: LocaleCode;
}

export function renderDocument(input: RenderInput): { html: string; status: number } {
  const { manifest, route, assets } = input;
  const offline = route ? null : (input.offline ?? null);
  const locale = route?.locale ?? offline ?? input.locale ?? manifest.defaultLocale;
  const data = manifest.locales[locale] ?? manifest.locales[manifest.defaultLocale];
  if (!data) throw new Error(`renderDocument: the manifest has no data for locale "${locale}"`);
  if (route?.kind === 'redirect') return { html: redirectDocument(manifest, route, data.info), status: 200 };
  if (hasPageData(route) && !input.page) throw new Error(`renderDocument: route ${route.path} needs its page JSON`);
  const page = hasPageData(route) ? input.page : null;
  const routes = new SiteRoutes(manifest, input.chunks);
  const state = initialState({
    manifest,
    routes,
    location: { path: route?.path ?? withLocale(NOT_FOUND_PATH, locale), search: '', hash: '' },
    route,
    page,
    offline,
  });
  const appHtml = renderToString(<App router={createStaticRouter(state)} />);
  const chunk = chunksOf(route, true).flatMap((name) => VIEW_CHUNK_FILES[name] ?? []);
  const html = htmlDocument({
    manifest,
    route,
    page,
    info: data.info,
    meta: offline ? { title: manifest.site.name, description: data.ui.home.lead } : documentMeta(manifest, data, route, page),
    appHtml,
    chunks: input.chunks.map(([url]) => url),
    offline,
    assets: { ...assets, preload: [...new Set([...assets.preload, ...chunk])] },
  });
  return { html, status: route ? 200 : 404 };
}
