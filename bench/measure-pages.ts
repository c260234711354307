/**
 * What each page type costs in the browser: HTML, JavaScript and CSS on first load (raw and
 * gzip; requests), and what a client-side navigation to it fetches (page JSON and view code).
 * Measured in Chromium against the built site served by `vitrina-docs preview`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Manifest, RouteEntry } from '@vitrina-docs/schemas';
import { readBuiltSite, type BuiltSite } from '../tests/helpers/built-site.ts';
import { NetworkRecorder, weigh, type Fetched, type Weights } from './browser.ts';
import { fileSizes, log, type Sizes } from './util.ts';

export const PAGE_TYPES = [
  { id: 'home', path: '/', kind: 'home' },
  { id: 'docs', path: '/docs/mobile/ic3/visits/start', kind: 'doc' },
  { id: 'api', path: '/docs/api/backend/methods/v1.5/catalog/brands', kind: 'api' },
  { id: 'search', path: '/search', kind: 'search' },
] as const;
export type PageTypeId = (typeof PAGE_TYPES)[number]['id'];

export interface FirstLoad {
  url: string;
  status: number | null;
  requests: number;
  html: Sizes & { transfer: number };
  /** gzip -9 and Brotli 11: the build's precompressed files. */
  js: Sizes & { brotli: number; transfer: number; requests: number };
  css: Sizes & { transfer: number; requests: number };
  /** JSON fetched on load (the manifest, prefetched page JSON). */
  json: Sizes & { transfer: number; requests: number };
  other: Sizes & { transfer: number; requests: number };
  total: Sizes & { transfer: number };
  /** Each file fetched, for the analysis. */
  files: { path: string; category: string; raw: number; gzip: number }[];
  /** Errors the page logged to the console or threw, and the requests that failed. */
  consoleErrors: string[];
  failedRequests: string[];
}

export interface ClientNavigation {
  from: string;
  to: string;
  /** The page JSON file of the route (none for home and search), from dist/. */
  pageJson: Sizes | null;
  /** What the navigation fetched, measured in the browser. */
  fetched: { requests: number; json: Sizes & { transfer: number }; js: Sizes & { transfer: number }; total: Sizes & { transfer: number } };
  /** false when the navigation reloaded the document or did not reach the route. */
  clientSide: boolean;
}

export interface PageFigures {
  path: string;
  title: string | null;
  firstLoad: FirstLoad | null;
  clientNavigation: ClientNavigation | null;
  error?: string;
}

/** The manifest shell of a built site (null when nothing is built). */
export function readManifest(dist: string): Manifest | null {
  const p = join(dist, 'manifest.json');
  return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as Manifest) : null;
}

/** The built site: the manifest shell and every chunk it names (null when nothing is built). */
export function readSite(dist: string): BuiltSite | null {
  return existsSync(join(dist, 'manifest.json')) ? readBuiltSite(dist) : null;
}

/** The route of a page type: the named one when the corpus has it, else the first of its kind. */
export function routeFor(site: BuiltSite, type: (typeof PAGE_TYPES)[number]): RouteEntry | null {
  const exact = site.routes.find((r) => r.path === type.path);
  if (exact) return exact;
  const ofLocale = site.routes.filter((r) => r.locale === site.manifest.defaultLocale);
  if (type.kind === 'doc') return ofLocale.find((r) => r.kind === 'doc' && !r.api) ?? null;
  if (type.kind === 'api') return ofLocale.find((r) => r.kind === 'doc' && r.api) ?? null;
  return ofLocale.find((r) => r.kind === type.kind) ?? null;
}

const pick = (w: Weights['js']) => ({ raw: w.raw, gzip: w.gzip, transfer: w.transfer, requests: w.requests });

export function firstLoadOf(
  url: string,
  entries: Fetched[],
  status: number | null,
  consoleErrors: string[] = [],
  failedRequests: string[] = [],
): FirstLoad {
  const w = weigh(entries);
  return {
    url,
    status,
    requests: w.total.requests,
    html: { raw: w.html.raw, gzip: w.html.gzip, transfer: w.html.transfer },
    js: { ...pick(w.js), brotli: w.js.brotli },
    css: pick(w.css),
    json: pick(w.json),
    other: {
      raw: w.image.raw + w.font.raw + w.other.raw,
      gzip: w.image.gzip + w.font.gzip + w.other.gzip,
      transfer: w.image.transfer + w.font.transfer + w.other.transfer,
      requests: w.image.requests + w.font.requests + w.other.requests,
    },
    total: { raw: w.total.raw, gzip: w.total.gzip, transfer: w.total.transfer },
    files: entries.map((e) => ({ path: e.path, category: e.category, raw: e.raw, gzip: e.gzip })),
    consoleErrors,
    failedRequests,
  };
}

/** A fresh context (empty cache), the page loaded, and what it fetched until the network was quiet. */
export async function measureFirstLoad(browser: Browser, baseUrl: string, path: string): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const rec = await NetworkRecorder.attach(page);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text().slice(0, 300));
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message.slice(0, 300)}`));
    rec.start();
    const response = await page.goto(baseUrl + path, { waitUntil: 'load', timeout: 60_000 });
    await rec.waitForQuiet(700);
    const failed = rec.failed;
    return firstLoadOf(baseUrl + path, await rec.stop(), response?.status() ?? null, errors, failed);
  } finally {
    await context.close();
  }
}

/**
 * Loads `from`, then moves to `to` the way the client router does on back/forward (pushState and
 * a popstate event: independent of which links the page shows), and records what it fetched.
 */
export async function measureClientNavigation(
  browser: Browser,
  baseUrl: string,
  from: string,
  to: RouteEntry,
  dist: string,
): Promise<ClientNavigation> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const rec = await NetworkRecorder.attach(page);
    await page.goto(baseUrl + from, { waitUntil: 'load', timeout: 60_000 });
    await rec.waitForQuiet(700);
    await page.evaluate(() => ((window as unknown as { __benchMark: number }).__benchMark = 1));
    rec.start();
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, to.path);
    await rec.waitForQuiet(700);
    const entries = await rec.stop();
    const sameDocument = await page.evaluate(() => (window as unknown as { __benchMark?: number }).__benchMark === 1).catch(() => false);
    const title = await page.title();
    const w = weigh(entries);
    const dataFile = 'data' in to ? join(dist, to.data) : null;
    return {
      from,
      to: to.path,
      pageJson: dataFile && existsSync(dataFile) ? fileSizes(dataFile) : null,
      fetched: {
        requests: w.total.requests,
        json: { raw: w.json.raw, gzip: w.json.gzip, transfer: w.json.transfer },
        js: { raw: w.js.raw, gzip: w.js.gzip, transfer: w.js.transfer },
        total: { raw: w.total.raw, gzip: w.total.gzip, transfer: w.total.transfer },
      },
      clientSide: sameDocument && w.html.requests === 0 && title.includes(to.title),
    };
  } finally {
    await context.close();
  }
}

export async function measurePages(
  browser: Browser,
  baseUrl: string,
  dist: string,
  types: readonly (typeof PAGE_TYPES)[number][] = PAGE_TYPES,
): Promise<Record<string, PageFigures>> {
  const manifest = readSite(dist);
  const out: Record<string, PageFigures> = {};
  for (const type of types) {
    const route = manifest ? routeFor(manifest, type) : null;
    if (!route) {
      out[type.id] = { path: type.path, title: null, firstLoad: null, clientNavigation: null, error: 'no such route in the manifest' };
      continue;
    }
    const fig: PageFigures = { path: route.path, title: route.title, firstLoad: null, clientNavigation: null };
    try {
      fig.firstLoad = await measureFirstLoad(browser, baseUrl, route.path);
      const from =
        type.id === 'home'
          ? (manifest!.routes.find((r) => r.kind === 'doc' && r.locale === route.locale)?.path ?? '/search')
          : route.locale === manifest!.manifest.defaultLocale
            ? '/'
            : `/${route.locale}`;
      fig.clientNavigation = await measureClientNavigation(browser, baseUrl, from, route, dist);
      log(
        `page ${type.id} ${route.path}: JS ${(fig.firstLoad.js.gzip / 1024).toFixed(1)} KB gzip -9 / ${(fig.firstLoad.js.brotli / 1024).toFixed(1)} KB Brotli, ${fig.firstLoad.requests} requests; navigation JSON ${(fig.clientNavigation.fetched.json.gzip / 1024).toFixed(1)} KB gzip`,
      );
    } catch (e) {
      fig.error = (e as Error).message.split('\n')[0];
      log(`page ${type.id}: ${fig.error}`);
    }
    out[type.id] = fig;
  }
  return out;
}
