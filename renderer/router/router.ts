/**
 * The client router: a small store over the History API. It resolves a path against the
 * routes of the manifest's shell and of the chunks it loads on the way (a path's chunk is
 * fetched before its page), loads the page JSON (and the view's code) before showing a route,
 * keeps the address clean, and recovers from a redeploy that removed what it needs.
 * React reads it with useSyncExternalStore; the prerender uses a static instance.
 */
import type { ChunkRef, LocaleCode, Manifest, ManifestChunk, RouteEntry, PageData, SidebarId } from '@vitrina-docs/schemas';
import { canonicalPath, isExternalHref, localeOfPath } from '@vitrina-docs/schemas/paths';
import { allChunkRefs, hasPageData, partsNamedBy, resolveLoading, SiteRoutes, type PreferredVersion } from '../shared/site-routes.ts';
import { isGone } from './fetch-json.ts';
import type { PageCache } from './page-cache.ts';
import { clearReloadMark, reloadOnce } from './reload-once.ts';

export interface RouterLocation {
  path: string;
  search: string;
  /** Without `#`, decoded. */
  hash: string;
}

/** How the shown location was reached: it decides where the window scrolls. */
export type NavigationType = 'initial' | 'push' | 'pop' | 'hash' | 'refresh';

export interface RouterState {
  /** The shell (manifest.json). */
  manifest: Manifest;
  /** The routes of the shell and of the chunks loaded so far (a new state is set when a chunk arrives). */
  routes: SiteRoutes;
  location: RouterLocation;
  locale: LocaleCode;
  /** null: not found. */
  route: RouteEntry | null;
  page: PageData | null;
  /** Message of the error that kept the page from loading. */
  error: string | null;
  /**
   * Offline: with an error, the page is not among those kept offline; without one, the document
   * is the offline app shell and its page is not drawn yet.
   */
  offline: boolean;
  /** A navigation is waiting for its page JSON or code. */
  loading: boolean;
  navigation: { id: number; type: NavigationType; scroll: number | null };
}

export interface Router {
  getState(): RouterState;
  /** The state the page was prerendered with: what hydration must draw. */
  getServerState(): RouterState;
  /** Starts following the address (after hydration). */
  start(): void;
  subscribe(listener: () => void): () => void;
  /** Client navigation to an internal href (relative to the current page). */
  navigate(href: string, options?: { replace?: boolean }): void;
  /**
   * Loads a route's page JSON ahead of a click. A link scrolled into view (`visible`) is
   * prefetched only when its chunk is loaded already; hovering or focusing one loads its chunk too.
   */
  prefetch(href: string, reason?: 'hover' | 'visible'): void;
  /** The route an internal path leads to (loading the chunks it needs), null when there is none. */
  findRoute(path: string): Promise<RouteEntry | null>;
  /** The page JSON of an internal path (from the cache, or fetched), null for a page without one. */
  pageData(path: string): Promise<PageData | null>;
  /**
   * Loads the chunk of a sidebar in a version (the sidebar drawn, the version selector), and the
   * parts of its tree on the way to `path` when one is given.
   */
  loadSidebar(locale: LocaleCode, sidebar: SidebarId, version: string | null, path?: string): Promise<void>;
  /** Loads a part of a sidebar tree (a large group opened in the sidebar). */
  loadPart(url: string): Promise<void>;
  /** Loads the shown location again (after a load error). */
  retry(): void;
  /** Changes the query string of the shown page without a new history entry (the search page). */
  setSearch(search: string): void;
  /**
   * Draws the shown page again from fresh data, keeping the scroll position: the writers' preview
   * calls it when a page changed on disk (`manifest`: the shell or the chunks changed too).
   */
  refresh(options: { manifest: boolean }): Promise<void>;
}

export interface RouterOptions {
  manifest: Manifest;
  /** The routes of the shell with the chunks the page was prerendered with. */
  routes: SiteRoutes;
  location: RouterLocation;
  route: RouteEntry | null;
  page: PageData | null;
  pages: PageCache;
  /** Fetches the shell again, past every cache (after a redeploy). */
  fetchManifest: () => Promise<Manifest>;
  fetchChunk: (url: string) => Promise<ManifestChunk>;
  /** Loads the code a route needs beyond the entry chunk. */
  loadView: (route: RouteEntry | null) => Promise<void>;
  /** The reader's selected version of a sidebar: the chunk tried first for a page shared by the versions. */
  preferredVersion?: PreferredVersion;
  /** The document is the offline app shell of this locale (the service worker's answer to every page offline). */
  offline?: LocaleCode | null;
}

type HistoryState = { scroll?: number; key?: string } | null;

/** A new key for a history entry: back and forward find the entry's scroll position by it. */
function newEntryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** The key of the shown history entry (null before the router gave it one). */
export function entryKey(): string | null {
  return (history.state as HistoryState)?.key ?? null;
}

function readLocation(url: URL): RouterLocation {
  let hash = url.hash.slice(1);
  try {
    hash = decodeURIComponent(hash);
  } catch {
    /* keep the raw fragment */
  }
  return { path: url.pathname, search: url.search, hash };
}

function hrefOf(location: RouterLocation): string {
  return location.path + location.search + (location.hash ? `#${encodeURIComponent(location.hash)}` : '');
}

/** A router that never moves: what the prerender and the first hydration render see. */
export function createStaticRouter(state: RouterState): Router {
  return {
    getState: () => state,
    getServerState: () => state,
    start: () => {},
    subscribe: () => () => {},
    navigate: () => {},
    prefetch: () => {},
    findRoute: async () => null,
    pageData: async () => null,
    loadSidebar: async () => {},
    loadPart: async () => {},
    retry: () => {},
    setSearch: () => {},
    refresh: async () => {},
  };
}

export function initialState(input: {
  manifest: Manifest;
  routes: SiteRoutes;
  location: RouterLocation;
  route: RouteEntry | null;
  page: PageData | null;
  /** The offline app shell (the service worker's answer to every page offline): its locale. */
  offline?: LocaleCode | null;
}): RouterState {
  return {
    manifest: input.manifest,
    routes: input.routes,
    location: input.location,
    locale:
      input.route?.locale ??
      input.offline ??
      (input.manifest.locales[localeOfPath(input.location.path)] ? localeOfPath(input.location.path) : input.manifest.defaultLocale),
    route: input.route,
    page: input.page,
    error: null,
    offline: Boolean(input.offline),
    loading: false,
    navigation: { id: 0, type: 'initial', scroll: null },
  };
}

/** The chunk a route is drawn with besides the shell: its sidebar in the version shown, or the blog. */
export function chunkToShow(routes: SiteRoutes, route: RouteEntry | null, preferred?: PreferredVersion): ChunkRef | undefined {
  if (!route) return undefined;
  if (route.kind === 'blog-index' || route.kind === 'blog-archive' || route.kind === 'blog-post') return routes.blogRef(route.locale);
  if (route.kind !== 'doc') return undefined;
  const info = routes.manifest.versions[route.sidebar];
  const wanted = route.version ?? (info ? (preferred?.(route.sidebar) ?? info.current) : null);
  return routes.sidebarRef(route.locale, route.sidebar, wanted) ?? routes.sidebarRef(route.locale, route.sidebar, info?.current ?? null);
}

/** A load that failed because the browser has no network (not a server's answer). */
function failedOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function createBrowserRouter(options: RouterOptions): Router {
  const { pages, fetchManifest, fetchChunk, loadView, preferredVersion } = options;
  let state = initialState(options);
  const serverState = state;
  let started = false;
  let nextId = 1;
  /** The page load whose result may still be shown; a later load or a same-page move supersedes it. */
  let latestLoad = 0;
  const listeners = new Set<() => void>();
  /** Chunk loads under way, by URL: shared by navigation, prefetch and the sidebar. */
  const pendingChunks = new Map<string, Promise<void>>();

  const set = (patch: Partial<RouterState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  const saveScroll = () => {
    history.replaceState({ ...(history.state as object | null), scroll: scrollY }, '');
  };
  /**
   * The scroll position of each history entry of this page's life, by key, recorded at every
   * scroll: when the reader goes back or forward the entry they leave is already recorded (the
   * history state, written a moment after scrolling stops, may not be yet).
   */
  const positions = new Map<string, number>();
  const recordScroll = () => {
    const key = entryKey();
    if (key) positions.set(key, scrollY);
  };

  /** Fetches a chunk of the current shell once and adds it to the routes (a new state tells React). */
  function fetchChunkOnce(url: string): Promise<void> {
    const routes = state.routes;
    if (routes.has(url)) return Promise.resolve();
    let promise = pendingChunks.get(url);
    if (!promise) {
      promise = fetchChunk(url).then(
        (chunk) => {
          pendingChunks.delete(url);
          routes.add(url, chunk);
          if (state.routes === routes) set({ routes });
        },
        (error: unknown) => {
          pendingChunks.delete(url);
          throw error;
        },
      );
      pendingChunks.set(url, promise);
    }
    return promise;
  }

  /** A redeploy happened: the fresh shell, with the loaded chunks it still names (and their parts). */
  async function refreshShell(): Promise<SiteRoutes> {
    const manifest = await fetchManifest();
    const named = new Set(allChunkRefs(manifest).map((c) => c.url));
    // A part is loaded after the chunk that names it.
    const kept = state.routes.entries().filter(([url, chunk]) => {
      if (!named.has(url)) return false;
      for (const part of partsNamedBy(chunk)) named.add(part.url);
      return true;
    });
    const routes = new SiteRoutes(manifest, kept);
    pendingChunks.clear();
    set({ manifest, routes });
    return routes;
  }

  /**
   * Resolves a path, loading the chunks it needs. A chunk that is gone after a redeploy: the
   * shell is fetched again and the path resolved once more; then one reload of the page.
   */
  async function resolvePath(path: string) {
    try {
      return await resolveLoading(state.routes, path, (ref) => fetchChunkOnce(ref.url), preferredVersion);
    } catch (error) {
      if (!isGone(error)) throw error;
      await refreshShell();
      try {
        return await resolveLoading(state.routes, path, (ref) => fetchChunkOnce(ref.url), preferredVersion);
      } catch (again) {
        if (isGone(again) && reloadOnce(path)) return new Promise<never>(() => {});
        throw again;
      }
    }
  }

  /** After a redeploy the page JSON may be gone: refetch the shell, retry once, then reload once. */
  async function loadPage(route: Extract<RouteEntry, { data: string }>): Promise<PageData> {
    try {
      return await pages.load(route.data);
    } catch (error) {
      if (!isGone(error)) throw error;
      await refreshShell();
      const fresh = await resolveLoading(state.routes, route.path, (ref) => fetchChunkOnce(ref.url), preferredVersion).catch(() => null);
      const freshRoute = fresh?.status === 'found' ? fresh.route : null;
      if (hasPageData(freshRoute) && freshRoute.data !== route.data) {
        try {
          return await pages.load(freshRoute.data);
        } catch (again) {
          if (!isGone(again)) throw again;
        }
      }
      if (reloadOnce(route.path)) return new Promise<never>(() => {});
      throw error;
    }
  }

  async function loadCode(route: RouteEntry | null, path: string): Promise<void> {
    try {
      await loadView(route);
    } catch (error) {
      // A chunk of the previous deploy is gone: the fresh HTML names the new ones.
      if (reloadOnce(path)) return new Promise<never>(() => {});
      throw error;
    }
  }

  /** Loads a sidebar chunk and then, one after another, the parts of its tree on the way to `path`. */
  async function loadTree(ref: ChunkRef, path: string | null): Promise<void> {
    await fetchChunkOnce(ref.url);
    if (ref.kind !== 'sidebar' || !ref.sidebar || path === null) return;
    const locale = localeOfPath(ref.prefix);
    for (let part; (part = state.routes.missingPart(locale, ref.sidebar, ref.version, path));) await fetchChunkOnce(part);
  }

  /**
   * The chunk the route is drawn with (its sidebar in the selected version with the parts on the
   * way to the page, the blog): a failure only leaves the sidebar as it was.
   */
  function loadShownChunk(route: RouteEntry | null): Promise<void> | null {
    const ref = chunkToShow(state.routes, route, preferredVersion);
    if (!ref || !route) return null;
    const missing =
      !state.routes.has(ref.url) || (ref.sidebar && state.routes.missingPart(route.locale, ref.sidebar, ref.version, route.path));
    return missing ? loadTree(ref, route.path).catch(() => {}) : null;
  }

  async function go(target: RouterLocation, type: NavigationType, scroll: number | null): Promise<void> {
    const id = nextId++;
    const load = ++latestLoad;
    let resolved = state.routes.resolve(target.path, preferredVersion);
    if (resolved.status === 'pending') {
      set({ loading: true });
      try {
        resolved = await resolvePath(target.path);
      } catch (error) {
        if (load !== latestLoad) return;
        const locale = localeOfPath(target.path);
        const message = error instanceof Error ? error.message : String(error);
        set({
          location: target,
          route: null,
          locale,
          page: null,
          error: message,
          offline: failedOffline(),
          loading: false,
          navigation: { id, type, scroll },
        });
        return;
      }
      if (load !== latestLoad) return;
    }
    const location = { ...target, path: resolved.path };
    if (resolved.path !== target.path) history.replaceState(history.state, '', hrefOf(location));
    const route = resolved.status === 'found' ? resolved.route : null;
    const locale = route?.locale ?? localeOfPath(location.path);
    const commit = (page: PageData | null, error: string | null) => {
      if (load !== latestLoad) return;
      const offline = error !== null && failedOffline();
      set({ location, route, locale, page, error, offline, loading: false, navigation: { id, type, scroll } });
    };
    const cached = hasPageData(route) ? pages.peek(route.data) : undefined;
    const shown = loadShownChunk(route);
    const work = Promise.all([loadCode(route, location.path), hasPageData(route) ? (cached ?? loadPage(route)) : null, shown]);
    if (!hasPageData(route) || !cached || shown) set({ loading: true });
    try {
      const [, page] = await work;
      commit(page, null);
      clearReloadMark(location.path);
    } catch (error) {
      commit(null, error instanceof Error ? error.message : String(error));
    }
  }

  function navigate(href: string, options: { replace?: boolean } = {}) {
    const url = new URL(href, location.href);
    if (url.origin !== location.origin || (isExternalHref(href) && !href.startsWith(location.origin))) {
      location.assign(url.href);
      return;
    }
    url.pathname = canonicalPath(url.pathname);
    const target = readLocation(url);
    const shown = state.location;
    if (target.path === shown.path && target.search === shown.search && !state.error) {
      if (url.href !== location.href) history.pushState({ key: newEntryKey() }, '', url.href);
      latestLoad++;
      set({ location: target, navigation: { id: nextId++, type: 'hash', scroll: null } });
      return;
    }
    saveScroll();
    recordScroll();
    if (options.replace) history.replaceState({ key: newEntryKey() }, '', url.href);
    else history.pushState({ key: newEntryKey() }, '', url.href);
    void go(target, 'push', null);
  }

  function onPopState(event: PopStateEvent) {
    const target = readLocation(new URL(location.href));
    const key = (event.state as HistoryState)?.key;
    const scroll = (key !== undefined ? positions.get(key) : undefined) ?? (event.state as HistoryState)?.scroll ?? null;
    const shown = state.location;
    if (target.path === canonicalPath(shown.path) && target.search === shown.search && !state.error) {
      latestLoad++;
      set({ location: target, navigation: { id: nextId++, type: 'pop', scroll } });
      return;
    }
    void go(target, 'pop', scroll);
  }

  async function prefetch(href: string, reason: 'hover' | 'visible' = 'hover'): Promise<void> {
    const url = new URL(href, location.href);
    if (url.origin !== location.origin) return;
    const path = canonicalPath(url.pathname);
    let resolved = state.routes.resolve(path, preferredVersion);
    // A link scrolled into view costs no chunk: only pages whose route is known already.
    if (resolved.status === 'pending') {
      if (reason === 'visible') return;
      resolved = await resolveLoading(state.routes, path, (ref) => fetchChunkOnce(ref.url), preferredVersion);
    }
    const route = resolved.status === 'found' ? resolved.route : null;
    // A link scrolled into view costs the page's data only; its view's code is fetched on hover
    // or focus (the reader's intent), so that a first visit loads no code it may never run.
    await Promise.all([hasPageData(route) ? pages.load(route.data) : null, reason === 'hover' ? loadView(route) : null]);
  }

  return {
    getState: () => state,
    getServerState: () => serverState,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    prefetch(href, reason) {
      prefetch(href, reason).catch(() => {});
    },
    async findRoute(path) {
      const resolved = await resolvePath(canonicalPath(path));
      return resolved.status === 'found' ? resolved.route : null;
    },
    async pageData(path) {
      const resolved = await resolvePath(canonicalPath(path));
      const route = resolved.status === 'found' ? resolved.route : null;
      return hasPageData(route) ? pages.load(route.data) : null;
    },
    async loadSidebar(locale, sidebar, version, path) {
      const ref = state.routes.sidebarRef(locale, sidebar, version);
      if (!ref) return;
      try {
        await loadTree(ref, path ?? null);
      } catch (error) {
        if (!isGone(error)) throw error;
        const routes = await refreshShell();
        const fresh = routes.sidebarRef(locale, sidebar, version);
        if (fresh) await loadTree(fresh, path ?? null);
      }
    },
    async loadPart(url) {
      try {
        await fetchChunkOnce(url);
      } catch (error) {
        if (!isGone(error)) throw error;
        // A redeploy replaced the tree: the fresh one is loaded on the way to the page shown.
        await refreshShell();
        const ref = chunkToShow(state.routes, state.route, preferredVersion);
        if (ref) await loadTree(ref, state.location.path);
      }
    },
    retry() {
      void go(state.location, 'push', null);
    },
    setSearch(search) {
      const location = { ...state.location, search };
      history.replaceState(history.state, '', hrefOf(location));
      set({ location });
    },
    async refresh({ manifest: manifestChanged }) {
      const route = state.routes.get(state.location.path);
      if (hasPageData(route)) pages.forget(route.data);
      if (manifestChanged) {
        // The writers' preview keeps chunk URLs stable: every chunk is fetched again, those of the
        // shown page before the new routes replace the old ones (the sidebar does not blink).
        const manifest = await fetchManifest();
        const routes = new SiteRoutes(manifest);
        const load = async (ref: ChunkRef) => routes.add(ref.url, await fetchChunk(ref.url));
        const found = await resolveLoading(routes, state.location.path, load, preferredVersion).catch(() => null);
        const shown = chunkToShow(routes, found?.status === 'found' ? found.route : null, preferredVersion);
        if (shown && !routes.has(shown.url)) await load(shown).catch(() => {});
        pendingChunks.clear();
        set({ manifest, routes });
      }
      await go(state.location, 'refresh', null);
    },
    /** Called once after hydration: from here on, the router follows the address. */
    start() {
      if (started) return;
      started = true;
      document.documentElement.dataset.hydrated = 'true';
      history.scrollRestoration = 'manual';
      if (!entryKey()) history.replaceState({ ...(history.state as object | null), key: newEntryKey() }, '');
      addEventListener('scroll', recordScroll, { passive: true });
      addEventListener('popstate', onPopState);
      const actual = readLocation(new URL(location.href));
      const shown = state.location;
      const scroll = (history.state as HistoryState)?.scroll ?? null;
      if (actual.path !== shown.path || actual.search !== shown.search || state.route === null) {
        void go(actual, 'initial', scroll);
      } else {
        set({ location: actual, navigation: { id: nextId++, type: 'initial', scroll } });
      }
      clearReloadMark(actual.path);
    },
  };
}
