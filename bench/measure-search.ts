/**
 * Search: shard sizes per locale (raw and gzip), the engine's load and query times in Node, the
 * `vitrina-docs query` command, the first search and a keystroke in Chromium (bytes fetched, time
 * until the results are drawn), and relevance (MRR, recall@1, recall@5) against
 * tests/search/relevance.yaml when it exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';
import type { LocaleCode, SearchEntry, SearchShardRef } from '@vitrina-docs/schemas';
import type { Engine } from '@vitrina-docs/search';
import { NetworkRecorder, weigh, type Fetched } from './browser.ts';
import { readManifest } from './measure-pages.ts';
import { fileSizes, log, runCli, series, sleep, type Series, type Sizes } from './util.ts';

/** Queries with hits in the real corpus, per locale: the engine and keystroke timings use them. */
export const QUERIES: Record<string, string[]> = {
  ru: ['визит', 'фото полки', 'задача', 'отчёт', 'магазин', 'распознавание', 'пароль'],
  en: ['visit', 'shelf photo', 'task', 'report', 'store', 'recognition', 'password'],
};

/** A set of files: how many, their total and the largest, raw and gzip. */
export interface FileSetFigures {
  files: number;
  total: Sizes;
  largest: Sizes;
}

export interface ShardFigures {
  /** The entry the first search fetches before anything else. */
  entry: Sizes | null;
  /** Postings files (by term range) and section files (by section range). */
  postings: FileSetFigures;
  sections: FileSetFigures;
  /** The stock elasticlunr index and its documents (for chatbots). */
  index: Sizes | null;
  docs: Sizes | null;
  documents: number | null;
}

function fileSet(dist: string, urls: string[]): FileSetFigures {
  const sizes = urls.filter((u) => existsSync(join(dist, u))).map((u) => fileSizes(join(dist, u)));
  return {
    files: sizes.length,
    total: sizes.reduce((a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip }), { raw: 0, gzip: 0 }),
    largest: sizes.reduce((a, f) => (f.gzip > a.gzip ? f : a), { raw: 0, gzip: 0 }),
  };
}

/** The search files of each locale, as the manifest and each entry name them. */
export function shardSizes(dist: string): Record<string, ShardFigures> {
  const manifest = readManifest(dist);
  const out: Record<string, ShardFigures> = {};
  for (const [locale, l] of Object.entries(manifest?.locales ?? {})) {
    const ref = (l as { search?: SearchShardRef | null }).search;
    if (!ref?.entry || !existsSync(join(dist, ref.entry))) continue;
    const entry = JSON.parse(readFileSync(join(dist, ref.entry), 'utf8')) as SearchEntry;
    const size = (u: string) => (existsSync(join(dist, u)) ? fileSizes(join(dist, u)) : null);
    out[locale] = {
      entry: size(ref.entry),
      postings: fileSet(
        dist,
        entry.chunks.map((c) => c.url),
      ),
      sections: fileSet(
        dist,
        entry.groups.map((g) => g.url),
      ),
      index: size(ref.index),
      docs: size(ref.docs),
      documents: ref.documents,
    };
  }
  return out;
}

/** The search package, as the code snapshot has it (its TypeScript sources, run by tsx). */
export interface SearchModule {
  loadEngine(entryUrl: string, load: (path: string) => Promise<unknown>): Promise<Engine>;
}

export async function importSearchModule(codeDir: string): Promise<SearchModule> {
  return (await import(pathToFileURL(join(codeDir, 'search', 'index.ts')).href)) as SearchModule;
}

/** An engine over a built locale, reading files from disk; `everything` loads every file first. */
async function engineFor(q: SearchModule, dist: string, locale: string, everything: boolean): Promise<Engine | null> {
  const ref = readManifest(dist)?.locales[locale as LocaleCode]?.search;
  if (!ref?.entry) return null;
  const engine = await q.loadEngine(ref.entry, async (path) => JSON.parse(readFileSync(join(dist, path), 'utf8')) as unknown);
  if (everything) {
    await engine.index.loadPostings(engine.index.vocabulary.keys());
    await engine.index.loadSections(Array.from({ length: engine.index.sectionCount }, (_, i) => i));
  }
  return engine;
}

export interface EngineFigures {
  locale: string;
  /** Reading and parsing the entry, the postings and the sections of the first query, in this Node process. */
  loadMs: Series;
  /** One query against loaded files, its first 8 hits with snippets (the engine work of a keystroke, without drawing). */
  queryMs: Series;
  queries: string[];
}

/** Load and query times of the engine in Node (the engine the browser and the CLI share). */
export async function engineTimings(q: SearchModule, dist: string, locale: LocaleCode, runs = 3): Promise<EngineFigures | null> {
  const queries = QUERIES[locale] ?? QUERIES.ru!;
  const loads: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const engine = await engineFor(q, dist, locale, false);
    if (!engine) return null;
    await engine.load(queries[0]!, {}, 8);
    loads.push(performance.now() - t);
  }
  const engine = (await engineFor(q, dist, locale, true))!;
  const times: number[] = [];
  for (let rep = 0; rep < 3; rep++) {
    for (const query of queries) {
      // A keystroke: the query as typed so far (each string once, so that no answer is cached).
      const typed = query.slice(0, query.length - rep);
      const t = performance.now();
      const page = engine.peek(typed, {}, 8);
      for (const h of page?.hits ?? []) void h.snippet;
      times.push(performance.now() - t);
    }
  }
  return { locale, loadMs: series(loads, 1), queryMs: series(times, 2), queries };
}

export interface CliQueryFigures {
  wallMs: Series;
  query: string;
  hits: number | null;
}

export async function cliQueryTimings(root: string, runs: number): Promise<CliQueryFigures> {
  const query = QUERIES.ru![0]!;
  const walls: number[] = [];
  let hits: number | null = null;
  for (let i = 0; i < runs; i++) {
    const s = await runCli(['-C', root, 'query', query, '--locale', 'ru', '--dir', join(root, 'dist')], { timeoutMs: 60_000 });
    if (s.code !== 0) break;
    walls.push(s.wallMs);
    try {
      hits = (JSON.parse(s.stdout) as unknown[]).length;
    } catch {
      hits = null;
    }
  }
  return { wallMs: series(walls), query, hits };
}

// ---------------------------------------------------------------- relevance

export interface RelevanceCase {
  query: string;
  expect: string;
  also: string[];
}

export interface RelevanceFigures {
  queries: number;
  /** Relevant = `expect` or one of `also` (the routes acceptable first). */
  mrr: number;
  recallAt1: number;
  recallAt5: number;
  /** Relevant = `expect` only. */
  strict: { mrr: number; recallAt1: number; recallAt5: number };
  misses: { query: string; expect: string; got: string[] }[];
}

const stripLocale = (route: string) => route.replace(/^\/en(?=\/|$)/, '') || '/';

export function readRelevanceCases(file: string): Record<string, RelevanceCase[]> {
  const data = parseYaml(readFileSync(file, 'utf8')) as unknown;
  const out: Record<string, RelevanceCase[]> = {};
  const toCase = (c: unknown): RelevanceCase | null => {
    const o = c as { query?: unknown; q?: unknown; expect?: unknown; also?: unknown };
    const query = typeof o?.query === 'string' ? o.query : typeof o?.q === 'string' ? o.q : null;
    const expectList = Array.isArray(o?.expect) ? (o.expect as string[]) : typeof o?.expect === 'string' ? [o.expect] : [];
    if (!query || !expectList.length) return null;
    return {
      query,
      expect: stripLocale(expectList[0]!),
      also: [...expectList.slice(1), ...(Array.isArray(o.also) ? (o.also as string[]) : [])].map(stripLocale),
    };
  };
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const [locale, list] of Object.entries(data as Record<string, unknown>)) {
      if (Array.isArray(list)) out[locale] = list.map(toCase).filter((c): c is RelevanceCase => c !== null);
    }
  }
  return out;
}

export function scoreRelevance(cases: RelevanceCase[], search: (query: string) => string[]): RelevanceFigures {
  let rr = 0;
  let r1 = 0;
  let r5 = 0;
  const strict = { rr: 0, r1: 0, r5: 0 };
  const misses: RelevanceFigures['misses'] = [];
  for (const c of cases) {
    // Hits are sections: ranked by page, the first section of each page counts.
    const routes = [...new Set(search(c.query).map(stripLocale))];
    const relevant = new Set([c.expect, ...c.also]);
    const rank = routes.findIndex((r) => relevant.has(r)) + 1;
    const strictRank = routes.indexOf(c.expect) + 1;
    if (rank > 0) rr += 1 / rank;
    if (rank === 1) r1++;
    if (rank > 0 && rank <= 5) r5++;
    if (strictRank > 0) strict.rr += 1 / strictRank;
    if (strictRank === 1) strict.r1++;
    if (strictRank > 0 && strictRank <= 5) strict.r5++;
    if (rank !== 1) misses.push({ query: c.query, expect: c.expect, got: routes.slice(0, 3) });
  }
  const n = cases.length || 1;
  const r = (x: number) => Number((x / n).toFixed(3));
  return {
    queries: cases.length,
    mrr: r(rr),
    recallAt1: r(r1),
    recallAt5: r(r5),
    strict: { mrr: r(strict.rr), recallAt1: r(strict.r1), recallAt5: r(strict.r5) },
    misses,
  };
}

export async function measureRelevance(q: SearchModule, dist: string, file: string): Promise<Record<string, RelevanceFigures>> {
  const out: Record<string, RelevanceFigures> = {};
  for (const [locale, cases] of Object.entries(readRelevanceCases(file))) {
    const engine = await engineFor(q, dist, locale, true);
    if (!engine) continue;
    out[locale] = scoreRelevance(cases, (query) => engine.peek(query, {}, 50)!.hits.map((h) => h.doc.route));
  }
  return out;
}

// ---------------------------------------------------------------- in the browser

/** Elements that are search results once drawn. */
const RESULT_SELECTOR = '[role="listbox"] [role="option"], [data-search-result], .search-results li';

export interface BrowserSearchFigures {
  page: string;
  query: string;
  runs: number;
  /** Everything fetched from focusing the box to the results drawn (fresh cache). */
  firstSearchBytes: { requests: number; transfer: number; raw: number; gzip: number; files: { path: string; raw: number; gzip: number }[] };
  /** From the input event (the query typed) to the results drawn, shard not loaded yet. */
  firstSearchMs: Series;
  /** From focusing the box (which starts loading the engine) to the results drawn. */
  firstSearchFromFocusMs: Series;
  /** From a keystroke (one more letter of a word) to the results drawn, after the first search. */
  keystrokeMs: Series;
  /** Of the keystrokes measured, those during which a search file was fetched (waiting for the network). */
  keystrokesFetching: number;
  /** The keystrokes measured that had everything they drew loaded already. */
  keystrokeLoadedMs: Series;
  /** From a whole new query inserted at once to its results drawn (may fetch postings and sections). */
  pasteMs: Series;
  keystrokeQueries: string[];
}

/**
 * The timing probe, as page script text (functions handed to page.evaluate would carry tsx's
 * `__name` helper, which the page does not have): t0 at the input event, tFocus at the focus,
 * t1 after the frame that shows changed results (a task queued from requestAnimationFrame runs
 * after that frame is painted).
 */
const PROBE = `(selector) => {
  const sig = () => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent).join('\\u0001');
  window.__probe = { t0: 0, tFocus: 0, t1: 0, base: sig(), armed: false };
  window.__probeReset = () => { window.__probe = { t0: 0, tFocus: 0, t1: 0, base: sig(), armed: false }; };
  addEventListener('focusin', () => { window.__probe.tFocus ||= performance.now(); }, true);
  addEventListener('beforeinput', () => { window.__probe.t0 ||= performance.now(); }, true);
  addEventListener('input', () => { window.__probe.t0 ||= performance.now(); }, true);
  new MutationObserver(() => {
    const p = window.__probe;
    if (!p.t0 || p.t1 || p.armed) return;
    const s = sig();
    if (s && s !== p.base) {
      p.armed = true;
      requestAnimationFrame(() => setTimeout(() => { p.t1 = performance.now(); }, 0));
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}`;

async function installProbe(page: Page): Promise<void> {
  await page.evaluate(`(${PROBE})(${JSON.stringify(RESULT_SELECTOR)})`);
}

async function waitDrawn(page: Page, timeoutMs = 20_000): Promise<{ t0: number; tFocus: number; t1: number }> {
  await page.waitForFunction(() => (window as unknown as { __probe: { t1: number } }).__probe.t1 > 0, undefined, {
    timeout: timeoutMs,
    polling: 20,
  });
  return page.evaluate(() => (window as unknown as { __probe: { t0: number; tFocus: number; t1: number } }).__probe);
}

async function searchInput(page: Page) {
  const inputs = page.locator('input[type="search"]');
  const n = await inputs.count();
  for (let i = 0; i < n; i++) if (await inputs.nth(i).isVisible()) return inputs.nth(i);
  return null;
}

/** First search on a fresh page and then keystrokes with the shard loaded, in the navbar search box. */
export async function measureBrowserSearch(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  runs: number,
): Promise<BrowserSearchFigures | { error: string }> {
  const query = QUERIES.ru![0]!;
  const firstMs: number[] = [];
  const fromFocus: number[] = [];
  const keystroke: number[] = [];
  const keystrokeLoaded: number[] = [];
  let keystrokesFetching = 0;
  const paste: number[] = [];
  let bytes: BrowserSearchFigures['firstSearchBytes'] | null = null;
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const rec = await NetworkRecorder.attach(page);
      await page.goto(baseUrl + pagePath, { waitUntil: 'load', timeout: 60_000 });
      await rec.waitForQuiet(700);
      const input = await searchInput(page);
      if (!input) return { error: 'no visible input[type=search] on the page: the search UI is not there yet' };
      await installProbe(page);
      rec.start();
      await input.click();
      await page.keyboard.insertText(query);
      const p = await waitDrawn(page);
      await rec.waitForQuiet(300);
      const fetched: Fetched[] = await rec.stop();
      firstMs.push(p.t1 - p.t0);
      fromFocus.push(p.t1 - p.tFocus);
      if (run === 0) {
        const w = weigh(fetched);
        bytes = {
          requests: w.total.requests,
          transfer: w.total.transfer,
          raw: w.total.raw,
          gzip: w.total.gzip,
          files: fetched.map((f) => ({ path: f.path, raw: f.raw, gzip: f.gzip })),
        };
        // Keystrokes after the first search: each query typed letter by letter, as a reader types
        // (the first two letters too, unmeasured: what the site does while a word is typed starts
        // with its first letter), then the same query inserted at once into the emptied box.
        for (const q of QUERIES.ru!.slice(1)) {
          await input.fill('');
          await sleep(150);
          await page.keyboard.insertText(q[0]!);
          await sleep(150);
          await page.keyboard.insertText(q[1]!);
          await sleep(300);
          for (const ch of q.slice(2)) {
            await page.evaluate('window.__probeReset()');
            let fetching = false;
            const onRequest = (r: { url(): string }) => {
              if (new URL(r.url()).pathname.startsWith('/search/')) fetching = true;
            };
            page.on('request', onRequest);
            await page.keyboard.insertText(ch);
            try {
              const k = await waitDrawn(page, 1_500);
              keystroke.push(k.t1 - k.t0);
              if (fetching) keystrokesFetching++;
              else keystrokeLoaded.push(k.t1 - k.t0);
            } catch {
              // The letter did not change the results (nothing to draw).
            } finally {
              page.off('request', onRequest);
            }
          }
          await input.fill('');
          await sleep(150);
          await page.evaluate('window.__probeReset()');
          await page.keyboard.insertText(q);
          try {
            const k = await waitDrawn(page, 5_000);
            paste.push(k.t1 - k.t0);
          } catch {
            log(`search: no results drawn for "${q}"`);
          }
        }
      }
      log(`search run ${run + 1}: first search ${Math.round(p.t1 - p.t0)} ms after input, ${Math.round(p.t1 - p.tFocus)} ms after focus`);
    } finally {
      await context.close();
    }
  }
  return {
    page: pagePath,
    query,
    runs: firstMs.length,
    firstSearchBytes: bytes!,
    firstSearchMs: series(firstMs, 1),
    firstSearchFromFocusMs: series(fromFocus, 1),
    keystrokeMs: series(keystroke, 1),
    keystrokesFetching,
    keystrokeLoadedMs: series(keystrokeLoaded, 1),
    pasteMs: series(paste, 1),
    keystrokeQueries: QUERIES.ru!.slice(1),
  };
}
