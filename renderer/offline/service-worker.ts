/**
 * The site's service worker (`/sw.js`), for reading offline. The build puts the precache list
 * of its deploy in front of this code (`self.__VITRINA_PRECACHE__`, see
 * generator/publish/service-worker.ts); the registration names the locales the reader uses
 * (`/sw.js?locales=ru,en`), and the worker keeps the app's code and, for each of those locales,
 * its app shell document and the pages of the offline sidebars with their manifest chunks, page
 * JSON, images and search files.
 *
 * - Install: Workbox precaching fetches every file of the list, checks each against the hash the
 *   build wrote (Subresource Integrity) and fails as a whole if one differs, so a worker never
 *   holds a mix of two deploys; the previous worker stays until a complete install.
 * - Online, documents and the manifest shell come from the network (the reader sees a new deploy
 *   at once); files with a content hash in their URL come from the cache (they never change).
 * - Offline, everything of the list comes from the cache, and every document is answered with the
 *   locale's app shell: the app draws a kept page from its JSON, and for any other page says in
 *   its own UI that it is not available offline.
 */
import { clientsClaim } from 'workbox-core';
import { PrecacheController } from 'workbox-precaching';
import type { LocaleCode, OfflinePrecache, PrecacheEntry } from '@vitrina-docs/schemas';
import { isUnder } from '@vitrina-docs/schemas/paths';

interface FetchEventLike extends Event {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: { navigationPreload?: { enable(): Promise<void> } };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  __VITRINA_PRECACHE__: OfflinePrecache;
}

const scope = self as unknown as WorkerScope;
const data = scope.__VITRINA_PRECACHE__;

/** The locales of the registration (`?locales=ru,en`); the default locale when none is named. */
function locales(): LocaleCode[] {
  const named = (new URL(scope.location.href).searchParams.get('locales') ?? '').split(',');
  const known = named.filter((l): l is LocaleCode => Object.hasOwn(data.locales, l));
  return known.length ? known : (Object.keys(data.locales).slice(0, 1) as LocaleCode[]);
}

const kept = locales();
const entries: PrecacheEntry[] = [...data.shared, ...kept.flatMap((l) => data.locales[l]!.entries)];
/** URLs whose content hash is in the URL itself: served from the cache first. */
const immutable = new Set(entries.filter((e) => e.revision === null).map((e) => e.url));
/** The app shell of each kept locale (`/offline.html`, `/en/offline.html`), by its path prefix. */
const fallbacks = kept.map((l) => ({ prefix: data.locales[l]!.fallback.replace(/\/offline\.html$/, ''), url: data.locales[l]!.fallback }));

const precache = new PrecacheController();
precache.addToCacheList(entries.map(({ url, revision, integrity }) => ({ url, revision, integrity })));

scope.addEventListener('install', (event) => {
  event.waitUntil(precache.install(event).then(() => scope.skipWaiting()));
});
scope.addEventListener('activate', (event) => {
  // The files of the previous deploy go; pages it served reload their HTML if they need more.
  event.waitUntil(Promise.all([precache.activate(event), scope.registration.navigationPreload?.enable()]));
});
clientsClaim();

function fallbackFor(path: string): string | undefined {
  const prefixed = fallbacks.filter((f) => f.prefix && isUnder(path, f.prefix));
  return (prefixed[0] ?? fallbacks.find((f) => !f.prefix) ?? fallbacks[0])?.url;
}

async function fromCache(url: string): Promise<Response | undefined> {
  return precache.matchPrecache(url);
}

async function document(event: FetchEventLike, url: URL): Promise<Response> {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch (error) {
    const shell = await fromCache(fallbackFor(url.pathname) ?? '');
    if (shell) return shell;
    throw error;
  }
}

async function networkFirst(request: Request, url: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await fromCache(url);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request: Request, url: string): Promise<Response> {
  return (await fromCache(url)) ?? fetch(request);
}

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(document(event, url));
    return;
  }
  if (!precache.getCacheKeyForURL(url.pathname)) return;
  event.respondWith(immutable.has(url.pathname) ? cacheFirst(request, url.pathname) : networkFirst(request, url.pathname));
});
