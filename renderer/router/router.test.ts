/**
 * The client router's ordering rules, in Node with the few browser globals it touches stubbed:
 * which page load may still be shown when several overlap, and that starting the router after
 * hydration never drops a load already under way (the writers' preview refreshes the page
 * as soon as the app has registered, which can be before React has hydrated).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { Manifest, PageData } from '@vitrina-docs/schemas';
import { createRouteTable, hasPageData } from '../shared/route-table.ts';
import type { PageCache } from './page-cache.ts';
import { createBrowserRouter, type Router } from './router.ts';

const manifest = JSON.parse(readFileSync(join(inject('realDist'), 'manifest.json'), 'utf8')) as Manifest;
const routes = createRouteTable(manifest);
const START = '/docs/mobile/ic3/visits/start';
const OTHER = '/docs/mobile/ic3/visits/end';

function dataUrlOf(path: string): string {
  const route = routes.get(path);
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

function routerAt(path: string, pages: PageCache): Router {
  const first = pageTitled('prerendered');
  pages.put(dataUrlOf(path), first);
  return createBrowserRouter({
    manifest,
    location: { path, search: '', hash: '' },
    route: routes.get(path) ?? null,
    page: first,
    pages,
    fetchManifest: async () => manifest,
    loadView: async () => {},
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
});
