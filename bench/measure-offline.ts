/**
 * Offline reading: what the service worker precaches (from the list in dist/sw.js, raw and
 * gzip, per locale), and what it costs a reader's first visit, measured in Chromium: the bytes
 * the worker fetches and the time until the site is kept offline, counted from `load` — and
 * whether it starts only after `load`, as it must not delay the first page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { OfflinePrecache, PrecacheEntry } from '@vitrina-docs/schemas';
import { gzipSize, type Sizes } from './util.ts';

export interface PrecacheFigures {
  files: number;
  /** Uncompressed and gzip (the server compresses what it sends). */
  bytes: Sizes;
}

export interface OfflineFigures {
  /** The app's code and the manifest shell (every locale). */
  shared: PrecacheFigures;
  /** Per locale: its app shell, chunks, page JSON, images and search files. */
  locales: Record<string, PrecacheFigures>;
  /** A first visit of a docs page in Chromium (default locale). */
  firstVisit: {
    path: string;
    /** The page's `load` event, from the start of the navigation. */
    loadMs: number;
    /** From `load` to the worker's first request (negative: it started before `load`). */
    startAfterLoadMs: number | null;
    /** From `load` to the page being controlled by a worker that has its whole precache. */
    keptAfterLoadMs: number | null;
    requests: number;
    /** Bytes over the network (headers and bodies as sent) for the precache. */
    transfer: number;
  } | null;
  error?: string;
}

/** The precache list inside dist/sw.js (null: the site has no service worker). */
export function readPrecache(dist: string): OfflinePrecache | null {
  const file = join(dist, 'sw.js');
  if (!existsSync(file)) return null;
  const match = /^self\.__VITRINA_PRECACHE__=(.*);$/m.exec(readFileSync(file, 'utf8'));
  return match ? (JSON.parse(match[1]!) as OfflinePrecache) : null;
}

function weighEntries(dist: string, entries: PrecacheEntry[]): PrecacheFigures {
  let raw = 0;
  let gzip = 0;
  for (const e of entries) {
    const data = readFileSync(join(dist, e.url.slice(1)));
    raw += data.length;
    gzip += gzipSize(data);
  }
  return { files: entries.length, bytes: { raw, gzip } };
}

export function precacheSizes(dist: string, precache: OfflinePrecache): Pick<OfflineFigures, 'shared' | 'locales'> {
  return {
    shared: weighEntries(dist, precache.shared),
    locales: Object.fromEntries(Object.entries(precache.locales).map(([l, v]) => [l, weighEntries(dist, v!.entries)])),
  };
}

/** A fresh browser profile loads `path`; the worker's requests are counted until it controls the page. */
export async function measureFirstVisit(
  browser: Browser,
  baseUrl: string,
  path: string,
): Promise<NonNullable<OfflineFigures['firstVisit']>> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
  try {
    const requests: { at: number; sizes: Promise<number> }[] = [];
    context.on('request', (request) => {
      if (!request.serviceWorker()) return;
      requests.push({
        at: Date.now(),
        sizes: request
          .response()
          .then((r) => (r ? r.finished().then(() => request.sizes()) : null))
          .then((s) => (s ? s.responseBodySize + s.responseHeadersSize : 0))
          .catch(() => 0),
      });
    });
    const page = await context.newPage();
    await page.goto(baseUrl + path, { waitUntil: 'load', timeout: 60_000 });
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { origin: performance.timeOrigin, load: nav.loadEventStart };
    });
    const loadAt = timing.origin + timing.load;
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60_000 });
    const keptAt = Date.now();
    const sizes = await Promise.all(requests.map((r) => r.sizes));
    return {
      path,
      loadMs: Math.round(timing.load),
      startAfterLoadMs: requests.length ? Math.round(requests[0]!.at - loadAt) : null,
      keptAfterLoadMs: Math.round(keptAt - loadAt),
      requests: requests.length,
      transfer: sizes.reduce((a, b) => a + b, 0),
    };
  } finally {
    await context.close();
  }
}

export async function measureOffline(
  browser: Browser | null,
  baseUrl: string | null,
  dist: string,
  path: string,
): Promise<OfflineFigures | null> {
  const precache = readPrecache(dist);
  if (!precache) return null;
  const figures: OfflineFigures = { ...precacheSizes(dist, precache), firstVisit: null };
  if (browser && baseUrl)
    try {
      figures.firstVisit = await measureFirstVisit(browser, baseUrl, path);
    } catch (e) {
      figures.error = (e as Error).message.split('\n')[0];
    }
  return figures;
}
