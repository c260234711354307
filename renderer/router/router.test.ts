/**
 * The client router's ordering rules, in Node with the few browser globals it touches stubbed:
 * which page load may still be shown when several overlap, and that starting the router after
 * hydration never drops a load already under way (the writers' preview refreshes the page
 * as soon as the app has registered, which can be before React has hydrated).
 */
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { ManifestChunk, PageData, RouteEntry } from '@vitrina-docs/schemas';
import { readBuiltSite } from '../../tests/helpers/built-site.ts';
import { hasPageData, SiteRoutes } from '../shared/site-routes.ts';
import { HttpError } from './fetch-json.ts';
import type { PageCache } from './page-cache.ts';
import { createBrowserRouter, type Router } from './router.ts';

const built = readBuiltSite(inject('realDist'));
const manifest = built.manifest;
const START = '/docs/mobile/ic3/visits/start';
const OTHER = '/docs/mobile/ic3/visits/end';
const chunkUrl = (sidebar: string, version: string | null) =>
  manifest.locales.ru!.chunks.find((c) => c.sidebar === sidebar && c.version === version)!.url;
/** The part of a sidebar's tree that holds a folder (`/docs/mobile/ic3/visits`). */
const partUrl = (version: string, prefix: string) =>
  [...built.chunks].find(([, c]) => c.kind === 'part' && c.version === version && c.prefix === prefix)![0];
/** The chunks START was prerendered with: its sidebar and the part of its folder. */
const drawnWith = () => [chunkUrl('mobile', 'ic3'), partUrl('ic3', '/docs/mobile/ic3/visits')];

function routeOf(path: string): RouteEntry | undefined {
  return built.routes.find((r) => r.path === path);
}

function dataUrlOf(path: string): string {
  const route = routeOf(path);
  if (!hasPageData(route)) throw new Error(`${path} has no page data`);
  return route.data;
}

/** A page cache whose loads the test settles by hand, in any order. */
function manualPages() {
  const waiting = new Map<string, ((page: PageData) => void)[]>();
  const done = new Map<string, PageData>();
  const cache: PageCache = {
    load: (url) => new Promise<PageData>((resolve) => waiting.set(url, [...(waiting.get(url) ?? []), resolve])),
    peek: (url) => done.get(url),
    put: (url, page) => void done.set(url, page),
    forget: (url) => void done.delete(url),
  };
  const settle = async (url: string, page: PageData) => {
    for (const resolve of waiting.get(url) ?? []) resolve(page);
    waiting.delete(url);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { cache, settle, pending: (url: string) => waiting.has(url) };
}

const pageTitled = (title: string) => ({ title }) as unknown as PageData;

function stubBrowser(path: string): void {
  const href = { value: `http://127.0.0.1${path}` };
  const history = {
    state: null as unknown,
    scrollRestoration: 'auto',
    pushState(state: unknown, _title: string, url: string) {
      this.state = state;
      href.value = new URL(url, href.value).href;
    },
    replaceState(state: unknown, _title: string, url?: string) {
      this.state = state;
      if (url) href.value = new URL(url, href.value).href;
    },
  };
  const storage = new Map<string, string>();
  vi.stubGlobal('history', history);
  vi.stubGlobal('location', {
    get href() {
      return href.value;
    },
    get origin() {
      return 'http://127.0.0.1';
    },
    reload: () => {},
    assign: () => {},
  });
  vi.stubGlobal('scrollY', 0);
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('document', { documentElement: { dataset: {} as Record<string, string> } });
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
}

/** Chunk loads that the test settles by hand; every fetched URL is recorded. */
function manualChunks() {
  const waiting = new Map<string, (() => void)[]>();
  const fetched: string[] = [];
  const fetchChunk = (url: string) => {
    fetched.push(url);
    return new Promise<ManifestChunk>((resolve) => waiting.set(url, [...(waiting.get(url) ?? []), () => resolve(built.chunks.get(url)!)]));
  };
  const settle = async (url: string) => {
    for (const resolve of waiting.get(url) ?? []) resolve();
    waiting.delete(url);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { fetchChunk, settle, fetched };
}

/**
 * A router on a prerendered page, with the chunks the page was drawn with (`loaded`, by default
 * every chunk of the site) and the rest fetched through `fetchChunk`.
 */
function routerAt(
  path: string,
  pages: PageCache,
  options: { loaded?: string[]; fetchChunk?: (url: string) => Promise<ManifestChunk>; preferred?: string | null } = {},
): Router {
  const first = pageTitled('prerendered');
  pages.put(dataUrlOf(path), first);
  const loaded = options.loaded ?? [...built.chunks.keys()];
  const routes = new SiteRoutes(
    manifest,
    loaded.map((url) => [url, built.chunks.get(url)!] as const),
  );
  return createBrowserRouter({
    manifest,
    routes,
    location: { path, search: '', hash: '' },
    route: routes.get(path) ?? null,
    page: first,
    pages,
    fetchManifest: async () => manifest,
    fetchChunk: options.fetchChunk ?? (async (url) => built.chunks.get(url)!),
    loadView: async () => {},
    preferredVersion: () => options.preferred ?? null,
  });
}

describe('client router', () => {
  beforeEach(() => stubBrowser(START));
  afterEach(() => vi.unstubAllGlobals());

  it('shows a refresh that was asked for before the router started', async () => {
    const pages = manualPages();
    const router = routerAt(START, pages.cache);
    const refreshed = router.refresh({ manifest: false });
    await new Promise((r) => setTimeout(r, 0));
    expect(pages.pending(dataUrlOf(START))).toBe(true);
    router.start();
    await pages.settle(dataUrlOf(START), pageTitled('edited'));
    await refreshed;
    expect(router.getState().page).toEqual(pageTitled('edited'));
    expect(router.getState().navigation.type).toBe('refresh');
  });

  it('shows only the last of overlapping navigations, whatever order their pages arrive in', async () => {
    const pages = manualPages();
    const router = routerAt(START, pages.cache);
    router.start();
    router.navigate(OTHER);
    router.navigate('/docs/mobile');
    await pages.settle(dataUrlOf('/docs/mobile'), pageTitled('mobile'));
    await pages.settle(dataUrlOf(OTHER), pageTitled('finish'));
    expect(router.getState().location.path).toBe('/docs/mobile');
    expect(router.getState().page).toEqual(pageTitled('mobile'));
  });

  it('drops a page still loading when the reader moves within the shown page instead', async () => {
    const pages = manualPages();
    const router = routerAt(START, pages.cache);
    router.start();
    router.navigate(OTHER);
    expect(router.getState().loading).toBe(true);
    // The address still shows START: a link to one of its sections is a move within it.
    history.replaceState(null, '', START);
    router.navigate(`${START}#section`);
    await pages.settle(dataUrlOf(OTHER), pageTitled('finish'));
    expect(router.getState().location).toMatchObject({ path: START, hash: 'section' });
    expect(router.getState().page).toEqual(pageTitled('prerendered'));
  });

  it('a path of another sidebar waits for its chunk, then for its page, and shows it', async () => {
    const pages = manualPages();
    const chunks = manualChunks();
    const router = routerAt(START, pages.cache, { loaded: drawnWith(), fetchChunk: chunks.fetchChunk });
    router.start();
    router.navigate('/docs/portal');
    expect(router.getState().loading).toBe(true);
    expect(chunks.fetched).toEqual([chunkUrl('portal', null)]);
    expect(pages.pending(dataUrlOf('/docs/portal'))).toBe(false);
    await chunks.settle(chunkUrl('portal', null));
    expect(pages.pending(dataUrlOf('/docs/portal'))).toBe(true);
    await pages.settle(dataUrlOf('/docs/portal'), pageTitled('portal'));
    expect(router.getState()).toMatchObject({
      location: { path: '/docs/portal' },
      route: { kind: 'doc', sidebar: 'portal' },
      loading: false,
    });
    expect(router.getState().routes.sidebar('ru', 'portal', null)).toBeDefined();
  });

  it('a path in no chunk and no shell route is not found, without a request', async () => {
    const pages = manualPages();
    const chunks = manualChunks();
    const router = routerAt(START, pages.cache, { loaded: drawnWith(), fetchChunk: chunks.fetchChunk });
    router.start();
    router.navigate('/no/such/page');
    await new Promise((r) => setTimeout(r, 0));
    expect(chunks.fetched).toEqual([]);
    expect(router.getState()).toMatchObject({ location: { path: '/no/such/page' }, route: null, error: null });
  });

  it('a page of the other version is looked up in the selected version first, then in its own', async () => {
    const pages = manualPages();
    const chunks = manualChunks();
    const router = routerAt(START, pages.cache, { loaded: drawnWith(), fetchChunk: chunks.fetchChunk, preferred: 'ic3' });
    router.start();
    const legacy = '/docs/mobile/ic2/visits/start';
    router.navigate(legacy);
    await chunks.settle(chunkUrl('mobile', 'ic2'));
    // The page is in a part of that tree: named by the chunk, fetched next.
    await chunks.settle(partUrl('ic2', '/docs/mobile/ic2/visits'));
    await pages.settle(dataUrlOf(legacy), pageTitled('legacy'));
    expect(chunks.fetched).toEqual([chunkUrl('mobile', 'ic2'), partUrl('ic2', '/docs/mobile/ic2/visits')]);
    expect(router.getState()).toMatchObject({ location: { path: legacy }, route: { version: 'ic2' } });
  });

  it('a shared page is drawn with the selected version’s sidebar, loaded before it shows', async () => {
    const pages = manualPages();
    const chunks = manualChunks();
    const router = routerAt(START, pages.cache, { loaded: drawnWith(), fetchChunk: chunks.fetchChunk, preferred: 'ic2' });
    router.start();
    router.navigate('/docs/mobile');
    expect(chunks.fetched).toEqual([chunkUrl('mobile', 'ic2')]);
    await chunks.settle(chunkUrl('mobile', 'ic2'));
    await pages.settle(dataUrlOf('/docs/mobile'), pageTitled('shared'));
    expect(router.getState().location.path).toBe('/docs/mobile');
    expect(router.getState().routes.sidebar('ru', 'mobile', 'ic2')).toBeDefined();
  });

  it('loads a sidebar in another version with the part on the way to a page, and draws that part in its tree', async () => {
    const chunks = manualChunks();
    const router = routerAt(START, manualPages().cache, { loaded: drawnWith(), fetchChunk: chunks.fetchChunk });
    router.start();
    const legacy = '/docs/mobile/ic2/visits/start';
    const loading = router.loadSidebar('ru', 'mobile', 'ic2', legacy);
    await chunks.settle(chunkUrl('mobile', 'ic2'));
    const before = router.getState().routes.sidebar('ru', 'mobile', 'ic2')!.items;
    const folded = before.flatMap((i) => (i.type === 'group' ? [i, ...i.items] : [])).find((i) => i.type === 'group' && i.part);
    expect(folded).toMatchObject({ items: [], part: { prefix: '/docs/mobile/ic2/visits' } });
    await chunks.settle(partUrl('ic2', '/docs/mobile/ic2/visits'));
    await loading;
    expect(chunks.fetched).toEqual([chunkUrl('mobile', 'ic2'), partUrl('ic2', '/docs/mobile/ic2/visits')]);
    const links = JSON.stringify(router.getState().routes.sidebar('ru', 'mobile', 'ic2')!.items);
    expect(links).toContain(`"path":"${legacy}"`);
    expect(router.getState().routes.get(legacy)).toMatchObject({ version: 'ic2' });
  });

  it('a page in a part of the version not loaded: the loaded version’s part first, then the page’s own chunk and part', async () => {
    const chunks = manualChunks();
    const v15 = chunkUrl('api', 'v1.5');
    const router = routerAt(START, manualPages().cache, {
      loaded: [...drawnWith(), v15],
      fetchChunk: chunks.fetchChunk,
      preferred: 'v1.5',
    });
    router.start();
    const legacy = '/docs/api/backend/methods/v1/agents/agents_list';
    const found = router.findRoute(legacy);
    for (const url of [partUrl('v1.5', '/docs/api/backend/methods'), chunkUrl('api', 'v1'), partUrl('v1', '/docs/api/backend/methods')])
      await chunks.settle(url);
    expect(await found).toMatchObject({ path: legacy, version: 'v1' });
    expect(chunks.fetched).toEqual([
      partUrl('v1.5', '/docs/api/backend/methods'),
      chunkUrl('api', 'v1'),
      partUrl('v1', '/docs/api/backend/methods'),
    ]);
  });

  it('a part gone after a redeploy: the shell is fetched again, then the tree on the way to the page shown', async () => {
    const fetched: string[] = [];
    let manifests = 0;
    const part = partUrl('ic3', '/docs/mobile/ic3/visits');
    const router = createBrowserRouter({
      manifest,
      routes: new SiteRoutes(manifest, [[chunkUrl('mobile', 'ic3'), built.chunks.get(chunkUrl('mobile', 'ic3'))!]]),
      location: { path: START, search: '', hash: '' },
      route: built.routes.find((r) => r.path === START)!,
      page: pageTitled('prerendered'),
      pages: manualPages().cache,
      fetchManifest: async () => (manifests++, manifest),
      fetchChunk: async (url) => {
        fetched.push(url);
        if (fetched.length === 1) throw new HttpError(404, url);
        return built.chunks.get(url)!;
      },
      loadView: async () => {},
    });
    await router.loadPart(part);
    expect(manifests).toBe(1);
    expect(fetched).toEqual([part, part]);
    expect(JSON.stringify(router.getState().routes.sidebar('ru', 'mobile', 'ic3')!.items)).toContain(`"path":"${START}"`);
  });

  it('prefetches a link scrolled into view only when its chunk is loaded; a hovered one loads its chunk first', async () => {
    const pages = manualPages();
    const chunks = manualChunks();
    const router = routerAt(START, pages.cache, { loaded: drawnWith(), fetchChunk: chunks.fetchChunk });
    router.start();
    router.prefetch(OTHER, 'visible');
    router.prefetch('/docs/portal', 'visible');
    await new Promise((r) => setTimeout(r, 0));
    expect(pages.pending(dataUrlOf(OTHER))).toBe(true);
    expect(chunks.fetched).toEqual([]);
    router.prefetch('/docs/portal', 'hover');
    expect(chunks.fetched).toEqual([chunkUrl('portal', null)]);
    await chunks.settle(chunkUrl('portal', null));
    expect(pages.pending(dataUrlOf('/docs/portal'))).toBe(true);
  });
});
