/**
 * The client router: a small store over the History API. It resolves a path against the
 * manifest's route table, loads the page JSON (and the view's code) before showing a route,
 * keeps the address clean, and recovers from a redeploy that removed what it needs.
 * React reads it with useSyncExternalStore; the prerender uses a static instance.
 */
import type { LocaleCode, Manifest, RouteEntry, PageData } from '@vitrina-docs/schemas';
import { canonicalPath, isExternalHref, localeOfPath } from '@vitrina-docs/schemas/paths';
import { createRouteTable, hasPageData, type RouteTable } from '../shared/route-table.ts';
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
  manifest: Manifest;
  routes: RouteTable;
  location: RouterLocation;
  locale: LocaleCode;
  /** null: not found. */
  route: RouteEntry | null;
  page: PageData | null;
  /** Message of the error that kept the page from loading. */
  error: string | null;
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
  /** Loads a route's page JSON ahead of a click. */
  prefetch(href: string): void;
  /** Loads the shown location again (after a load error). */
  retry(): void;
  /** Changes the query string of the shown page without a new history entry (the search page). */
  setSearch(search: string): void;
  /**
   * Draws the shown page again from fresh data, keeping the scroll position: the writers' preview
   * calls it when a page changed on disk (`manifest`: the routes or sidebars changed too).
   */
  refresh(options: { manifest: boolean }): Promise<void>;
}

export interface RouterOptions {
  manifest: Manifest;
  location: RouterLocation;
  route: RouteEntry | null;
  page: PageData | null;
  pages: PageCache;
  fetchManifest: () => Promise<Manifest>;
  /** Loads the code a route needs beyond the entry chunk. */
  loadView: (route: RouteEntry | null) => Promise<void>;
}

type HistoryState = { scroll?: number } | null;

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
    retry: () => {},
    setSearch: () => {},
    refresh: async () => {},
  };
}

export function initialState(input: {
  manifest: Manifest;
  routes?: RouteTable;
  location: RouterLocation;
  route: RouteEntry | null;
  page: PageData | null;
}): RouterState {
  return {
    manifest: input.manifest,
    routes: input.routes ?? createRouteTable(input.manifest),
    location: input.location,
    locale: input.route?.locale ?? input.manifest.defaultLocale,
    route: input.route,
    page: input.page,
    error: null,
    loading: false,
    navigation: { id: 0, type: 'initial', scroll: null },
  };
}

export function createBrowserRouter(options: RouterOptions): Router {
  const { pages, fetchManifest, loadView } = options;
  let state = initialState(options);
  const serverState = state;
  let started = false;
  let nextId = 1;
  /** The page load whose result may still be shown; a later load or a same-page move supersedes it. */
  let latestLoad = 0;
  const listeners = new Set<() => void>();

  const set = (patch: Partial<RouterState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  const saveScroll = () => {
    history.replaceState({ ...(history.state as object | null), scroll: scrollY }, '');
  };

  /** After a redeploy the page JSON may be gone: refetch the manifest, retry once, then reload once. */
  async function loadPage(route: Extract<RouteEntry, { data: string }>): Promise<PageData> {
    try {
      return await pages.load(route.data);
    } catch (error) {
      if (!isGone(error)) throw error;
      const manifest = await fetchManifest();
      const routes = createRouteTable(manifest);
      set({ manifest, routes });
      const fresh = routes.resolve(route.path).route;
      if (hasPageData(fresh) && fresh.data !== route.data) {
        try {
          return await pages.load(fresh.data);
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

  async function go(target: RouterLocation, type: NavigationType, scroll: number | null): Promise<void> {
    const id = nextId++;
    const load = ++latestLoad;
    const resolved = state.routes.resolve(target.path);
    const location = { ...target, path: resolved.path };
    if (resolved.path !== target.path) history.replaceState(history.state, '', hrefOf(location));
    const route = resolved.route;
    const locale = route?.locale ?? localeOfPath(location.path);
    const commit = (page: PageData | null, error: string | null) => {
      if (load !== latestLoad) return;
      set({ location, route, locale, page, error, loading: false, navigation: { id, type, scroll } });
    };
    const cached = hasPageData(route) ? pages.peek(route.data) : undefined;
    const work = Promise.all([loadCode(route, location.path), hasPageData(route) ? (cached ?? loadPage(route)) : null]);
    if (!hasPageData(route) || !cached) set({ loading: true });
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
      if (url.href !== location.href) history.pushState(null, '', url.href);
      latestLoad++;
      set({ location: target, navigation: { id: nextId++, type: 'hash', scroll: null } });
      return;
    }
    saveScroll();
    if (options.replace) history.replaceState(null, '', url.href);
    else history.pushState(null, '', url.href);
    void go(target, 'push', null);
  }

  function onPopState(event: PopStateEvent) {
    const target = readLocation(new URL(location.href));
    const scroll = (event.state as HistoryState)?.scroll ?? null;
    const shown = state.location;
    if (target.path === canonicalPath(shown.path) && target.search === shown.search && !state.error) {
      latestLoad++;
      set({ location: target, navigation: { id: nextId++, type: 'pop', scroll } });
      return;
    }
    void go(target, 'pop', scroll);
  }

  return {
    getState: () => state,
    getServerState: () => serverState,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    prefetch(href) {
      const url = new URL(href, location.href);
      if (url.origin !== location.origin) return;
      const route = state.routes.resolve(url.pathname).route;
      if (hasPageData(route)) pages.load(route.data).catch(() => {});
      loadView(route).catch(() => {});
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
      if (manifestChanged) {
        const manifest = await fetchManifest();
        set({ manifest, routes: createRouteTable(manifest) });
      }
      const route = state.routes.resolve(state.location.path).route;
      if (hasPageData(route)) pages.forget(route.data);
      await go(state.location, 'refresh', null);
    },
    /** Called once after hydration: from here on, the router follows the address. */
    start() {
      if (started) return;
      started = true;
      document.documentElement.dataset.hydrated = 'true';
      history.scrollRestoration = 'manual';
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
