/**
 * The browser entry. The prerendered HTML is the first paint; this fetches the shell
 * (/manifest.json) and the chunks the page was drawn with (named in the HTML, fetched at once,
 * side by side), reads the page JSON inlined in the HTML, loads the view's chunk, hydrates, and
 * from then on routes on the client, fetching other chunks as paths need them.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { LocaleCode, Manifest, ManifestChunk, PageData } from '@vitrina-docs/schemas';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { App } from './app/App.tsx';
import { APP_ROOT_ID, MANIFEST_URL, NOT_FOUND_PATH, PAGE_SCRIPT_ID } from './document/ids.ts';
import { storedVersion } from './hooks/useVersionSelection.ts';
import { fetchJson } from './router/fetch-json.ts';
import { createPageCache } from './router/page-cache.ts';
import { reloadOnce } from './router/reload-once.ts';
import { createBrowserRouter } from './router/router.ts';
import { hasPageData, SiteRoutes } from './shared/site-routes.ts';
import { loadViews } from './views/registry.ts';
import { whenReaderQuiet } from './offline/when-reader-quiet.ts';
import './styles/site.css';
import './styles/reader.css';

/** How long the reader has neither typed nor tapped before the offline copy starts downloading. */
const OFFLINE_AFTER_QUIET_MS = 2000;

/**
 * `<html data-offline-kept>` at once when the service worker that controls the page keeps its
 * locale, so that the "available offline" mark shows from the start (register.ts keeps it up to
 * date afterwards).
 */
function markKeptOffline(locale: string | undefined): void {
  const url = navigator.serviceWorker?.controller?.scriptURL;
  if (url && locale && (new URL(url).searchParams.get('locales') ?? '').split(',').includes(locale))
    document.documentElement.setAttribute('data-offline-kept', '');
}

/** Resolves once the whole HTML document has been parsed. */
function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((done) => document.addEventListener('DOMContentLoaded', () => done(), { once: true }));
}

async function start(): Promise<void> {
  // On a slow network the client starts while the HTML is still arriving: the page script (at the
  // end of the body) and the prerendered tree are read once the parser has them whole.
  await documentParsed();
  const script = document.getElementById(PAGE_SCRIPT_ID);
  const container = document.getElementById(APP_ROOT_ID);
  if (!script || !container) return;
  markKeptOffline(script.dataset.locale);
  const page = JSON.parse(script.textContent || 'null') as PageData | null;
  const prerendered = script.dataset.route ?? '';
  const chunkUrls = (script.dataset.chunks ?? '').split(' ').filter(Boolean);
  let manifest: Manifest;
  let chunks: ManifestChunk[];
  try {
    [manifest, ...chunks] = await Promise.all([
      fetchJson<Manifest>(MANIFEST_URL),
      ...chunkUrls.map((url) => fetchJson<ManifestChunk>(url)),
    ]);
  } catch (error) {
    // The HTML names chunks of a deploy that is gone: fetch the fresh HTML once.
    if (reloadOnce(location.pathname)) return;
    throw error;
  }
  const routes = new SiteRoutes(
    manifest,
    chunks.map((chunk, i) => [chunkUrls[i]!, chunk] as const),
  );
  const route = prerendered ? (routes.get(prerendered) ?? null) : null;
  const pages = createPageCache();
  if (page && hasPageData(route)) pages.put(route.data, page);
  try {
    await loadViews(route, true);
  } catch (error) {
    // The HTML is older than the assets on the server: fetch the fresh HTML once.
    if (reloadOnce(location.pathname)) return;
    throw error;
  }
  const router = createBrowserRouter({
    manifest,
    routes,
    // The not-found page is prerendered once per locale (`/404`, `/en/404`).
    location: {
      path: prerendered || withLocale(NOT_FOUND_PATH, (script.dataset.locale ?? manifest.defaultLocale) as LocaleCode),
      search: '',
      hash: '',
    },
    route,
    page: hasPageData(route) ? page : null,
    pages,
    fetchManifest: () => fetchJson<Manifest>(MANIFEST_URL, { cache: 'no-store' }),
    fetchChunk: (url) => fetchJson<ManifestChunk>(url),
    loadView: loadViews,
    preferredVersion: storedVersion,
    offline: (script.dataset.offline as LocaleCode | undefined) ?? null,
  });
  // `vitrina-docs dev` announces changed pages; taking the event keeps the page and its scroll
  // position instead of a full reload. Never sent by a production server.
  addEventListener('vitrina:dev-update', (event) => {
    const detail = (event as CustomEvent<{ manifestChanged?: boolean; accept?: () => void }>).detail;
    event.preventDefault();
    detail?.accept?.();
    void router.refresh({ manifest: Boolean(detail?.manifestChanged) });
  });
  // As a transition, so that React hydrates in slices between which the browser stays responsive
  // (the page is already painted and whole without it), rather than in one long task.
  startTransition(() => {
    hydrateRoot(container, <App router={router} />, {
      onRecoverableError(error) {
        console.error('vitrina-docs: hydration error', error);
      },
    });
  });
  // Offline reading: the service worker is registered once the page has loaded and the reader
  // has let the keyboard and the screen be for a moment, in idle time.
  const offline = manifest.offline;
  if (offline && 'serviceWorker' in navigator) {
    const run = () => void import('./offline/register.ts').then((m) => m.keepOffline(offline.serviceWorker, router));
    const quiet = () => whenReaderQuiet(run, OFFLINE_AFTER_QUIET_MS);
    if (document.readyState === 'complete') quiet();
    else addEventListener('load', quiet, { once: true });
  }
}

start().catch((error: unknown) => console.error('vitrina-docs: the site did not start', error));
