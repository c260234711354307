/**
 * The budgets of shared/DESIGN.md ("Budgets") checked against the figures, the table printed
 * at the end of `make bench`, and the shape of bench/results.json.
 */
import type { PackagesFigures } from './measure-packages.ts';
import type { BuildFigures, RunFigures } from './measure-build.ts';
import type { OfflineFigures } from './measure-offline.ts';
import type { PageFigures } from './measure-pages.ts';
import type { BrowserSearchFigures, CliQueryFigures, EngineFigures, RelevanceFigures, ShardFigures } from './measure-search.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import type { DevFigures } from './measure-dev.ts';
import type { SideBySideFigures } from './side-by-side.ts';
import type { Series } from './util.ts';

/** A phase that did not run says why. */
export type Skipped = { status: string };

export interface ScaleFigures {
  factor: number;
  pages: number;
  routes: number;
  prerender: boolean;
  clean: RunFigures;
  shards: Record<string, ShardFigures> | null;
  docsPage: {
    path: string;
    js: { raw: number; gzip: number };
    html: { raw: number; gzip: number };
    json: { raw: number; gzip: number };
  } | null;
  /** The first search and keystrokes on the scaled site, in Chromium. */
  search?: BrowserSearchFigures | Skipped;
  note?: string;
}

export interface Results {
  schema: 1;
  startedAt: string;
  durationMs: number;
  options: Record<string, unknown>;
  machine: { cpus: number; node: string; totalMemMb: number; loadavgStart: number[]; loadavgEnd: number[] };
  generator: { mode: 'lib' | 'tsx'; compile: { ran: boolean; ok: boolean | null; ms: number | null; note: string } };
  renderer: { built: boolean; builtAt: string | null; stale: boolean; note: string };
  corpus: string;
  /** What served the pages to Chromium and Lighthouse. */
  server: 'nginx' | 'preview' | null;
  build: BuildFigures;
  pages: Record<string, PageFigures> | Skipped;
  /** What the service worker precaches for offline reading, and its cost on a first visit. */
  offline?: OfflineFigures | Skipped;
  search: {
    shards: Record<string, ShardFigures>;
    engine: EngineFigures | Skipped;
    cli: CliQueryFigures | Skipped;
    browser: BrowserSearchFigures | Skipped;
    relevance: Record<string, RelevanceFigures> | Skipped;
  };
  dev: DevFigures | Skipped;
  lighthouse: LighthouseFigures | Skipped;
  scale: ScaleFigures | Skipped;
  /** What each package installs and adds to an app (bench/measure-packages.ts). */
  packages?: PackagesFigures | Skipped;
  /** Docusaurus and vitrina-docs side by side (shared/anchor-docusaurus). */
  sideBySide?: SideBySideFigures | Skipped;
  budgets: BudgetRow[];
}

export interface BudgetRow {
  what: string;
  value: string;
  budget: string;
  /** true/false against the budget; null: not measured; undefined: a figure without a budget. */
  met?: boolean | null;
  note?: string;
}

const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const ms = (n: number | null) => (n === null ? '—' : n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);
const mb = (n: number | null) => (n === null ? '—' : `${Math.round(n)} MB`);
const runsOf = (s: Series) => (s.runs.length > 1 ? ` (median of ${s.runs.length})` : s.runs.length === 1 ? ' (1 run)' : '');

export function isSkipped(x: unknown): x is Skipped {
  return typeof x === 'object' && x !== null && 'status' in x && Object.keys(x).length <= 2;
}

function timed(f: RunFigures): string {
  if (!f.ok && f.wallMs.median === null) return f.error ? `failed: ${f.error.split('\n')[0]}` : 'not run';
  const cpu = f.cpuMs.median !== null ? `, CPU ${ms(f.cpuMs.median)}` : '';
  return `${ms(f.wallMs.median)}${runsOf(f.wallMs)}${cpu}`;
}

/** `; 0.42 of the clean build` (wall time medians; CPU time too when known). */
function againstClean(f: RunFigures, clean: RunFigures): string {
  const ratio = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? (a / b).toFixed(2) : null);
  const wall = ratio(f.wallMs.median, clean.wallMs.median);
  if (wall === null) return '';
  const cpu = ratio(f.cpuMs.median, clean.cpuMs.median);
  return `; ${wall} of the clean build${cpu === null ? '' : ` (CPU ${cpu})`}`;
}

function check(value: number | null | undefined, limit: number): boolean | null {
  return value === null || value === undefined ? null : value < limit;
}

/** `total raw / gzip: name raw / gzip, …` */
function shardText(sh: ShardFigures): string {
  const set = (f: ShardFigures['postings']) => `${f.files} files, ${kb(f.total.gzip)} gzip, largest ${kb(f.largest.gzip)}`;
  const entry = sh.entry ? `entry ${kb(sh.entry.raw)} / ${kb(sh.entry.gzip)}` : 'no entry';
  const stock = sh.index ? `; stock index ${kb(sh.index.gzip)}, docs ${kb(sh.docs?.gzip ?? 0)} gzip` : '';
  return `${entry}; postings ${set(sh.postings)}; sections ${set(sh.sections)}${stock}${sh.documents !== null ? `; ${sh.documents} sections` : ''}`;
}

/** Offline reading: the precache (the default locale's, and each locale's share) and the first visit's cost. */
function offlineRows(o: Results['offline']): BudgetRow[] {
  if (!o) return [];
  if (isSkipped(o)) return [{ what: 'offline: service worker precache', value: o.status, budget: '', met: null }];
  const rows: BudgetRow[] = [];
  const [first, ...others] = Object.entries(o.locales);
  if (first) {
    const [locale, f] = first;
    const files = o.shared.files + f.files;
    rows.push({
      what: `offline: bytes the service worker precaches (${locale}: app code, shell, mobile and support pages, their search)`,
      value: `${kb(o.shared.bytes.gzip + f.bytes.gzip)} gzip (${kb(o.shared.bytes.raw + f.bytes.raw)} raw), ${files} files; code ${kb(o.shared.bytes.gzip)} gzip`,
      budget: '',
    });
  }
  for (const [locale, f] of others)
    rows.push({
      what: `offline: each further locale read (${locale})`,
      value: `+${kb(f.bytes.gzip)} gzip (${kb(f.bytes.raw)} raw), ${f.files} files`,
      budget: '',
    });
  const v = o.firstVisit;
  rows.push(
    v
      ? {
          what: `offline: first-visit cost (${v.path}), after load`,
          value: `${kb(v.transfer)} in ${v.requests} requests, starting ${ms(v.startAfterLoadMs)} after load (load at ${ms(v.loadMs)}), kept ${ms(v.keptAfterLoadMs)} after load`,
          budget: 'starts after load',
          met: v.startAfterLoadMs === null ? null : v.startAfterLoadMs >= 0,
        }
      : { what: 'offline: first-visit cost', value: o.error ?? 'not measured', budget: 'starts after load', met: null },
  );
  return rows;
}

/** How many measured keystrokes waited for a search file, and the median of the others. */
function fetchingOf(br: BrowserSearchFigures): string {
  if (br.keystrokesFetching === undefined || !br.keystrokeMs.runs.length) return '';
  const loaded = br.keystrokeLoadedMs.median === null ? '' : `, the others ${br.keystrokeLoadedMs.median.toFixed(1)} ms`;
  return ` (${br.keystrokesFetching} of ${br.keystrokeMs.runs.length} fetched a search file${loaded})`;
}

/** The browser search figures against their budgets (`at` names the corpus, e.g. "10x content: "). */
function browserSearchRows(br: BrowserSearchFigures | Skipped, at = ''): BudgetRow[] {
  if (isSkipped(br))
    return [
      { what: `${at}first search: bytes fetched`, value: br.status, budget: '< 100 KB gzip', met: null },
      { what: `${at}first search incl. shard load`, value: br.status, budget: '< 150 ms', met: null },
      { what: `${at}keystroke → results drawn`, value: br.status, budget: '< 16 ms', met: null },
    ];
  return [
    {
      what: `${at}first search: bytes fetched, gzip (raw)`,
      value: `${kb(br.firstSearchBytes.gzip)} (${kb(br.firstSearchBytes.raw)}), ${br.firstSearchBytes.requests} requests`,
      budget: '< 100 KB gzip',
      met: br.firstSearchBytes.gzip < 100 * KB,
    },
    {
      what: `${at}first search incl. shard load (input → drawn)`,
      value: `${ms(br.firstSearchMs.median)}${runsOf(br.firstSearchMs)}; from focus ${ms(br.firstSearchFromFocusMs.median)}`,
      budget: '< 150 ms',
      met: check(br.firstSearchMs.median, 150),
    },
    {
      what: `${at}keystroke → results drawn (typing on)`,
      value: `${br.keystrokeMs.median === null ? '—' : `${br.keystrokeMs.median.toFixed(1)} ms`}${runsOf(br.keystrokeMs)}${fetchingOf(br)}; a new query pasted ${br.pasteMs.median === null ? '—' : `${br.pasteMs.median.toFixed(1)} ms`}${runsOf(br.pasteMs)}`,
      budget: '< 16 ms',
      met: check(br.keystrokeMs.median, 16),
    },
  ];
}

export function budgetRows(r: Results): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const b = r.build;
  const mode = b.prerender ? '' : ', data only (--no-prerender)';
  // (The budgets of a clean build are ratios against Docusaurus, shared/DESIGN.md: the rows below.)
  rows.push({ what: `clean build, wall time${mode}`, value: timed(b.clean), budget: '' });
  rows.push({ what: 'clean build, peak memory', value: mb(b.clean.peakRssMb.median), budget: '' });
  const sbs = r.sideBySide;
  if (!sbs || isSkipped(sbs)) {
    const why = sbs?.status ?? 'not run';
    rows.push({ what: 'clean build against Docusaurus (side by side)', value: why, budget: '≥ 5x faster', met: null });
    rows.push({ what: 'peak memory against Docusaurus (side by side)', value: why, budget: '≥ 5x lower', met: null });
  } else {
    const of = `median of ${sbs.rounds} interleaved rounds`;
    rows.push({
      what: 'clean build against Docusaurus (side by side)',
      value: `×${sbs.faster.toFixed(1)} faster: ${sbs.vitrina.wallS.toFixed(1)} s vs ${sbs.docusaurus.wallS.toFixed(1)} s (${of})`,
      budget: '≥ 5x faster',
      met: sbs.faster >= 5,
    });
    rows.push({
      what: 'peak memory against Docusaurus (side by side)',
      value: `×${sbs.leaner.toFixed(1)} lower: ${mb(sbs.vitrina.peakMb)} vs ${mb(sbs.docusaurus.peakMb)} (${of})`,
      budget: '≥ 5x lower',
      met: sbs.leaner >= 5,
    });
  }
  rows.push({ what: 'warm build (cache kept)', value: `${timed(b.warm)}${againstClean(b.warm, b.clean)}`, budget: '' });
  rows.push({
    what: `incremental build, one page edited`,
    value: `${timed(b.incremental)}${againstClean(b.incremental, b.clean)}`,
    budget: '',
  });
  // (shared/DESIGN.md: a cold whole-site validate is bounded by remark-parse, about 2 s on 2 cores; no budget of its own.)
  rows.push({ what: 'validate, cold (no cache)', value: timed(b.validate.cold), budget: '' });
  rows.push({ what: 'validate, warm', value: timed(b.validate.warm), budget: '< 1 s', met: check(b.validate.warm.wallMs.median, 1000) });
  // What a pre-commit hook runs: `validate <the changed files>`, with and without the cache.
  rows.push({
    what: 'validate one changed file, cold (no cache)',
    value: timed(b.validate.changedFileCold),
    budget: '< 1 s',
    met: check(b.validate.changedFileCold.wallMs.median, 1000),
  });
  rows.push({
    what: 'validate one changed file, warm',
    value: timed(b.validate.changedFile),
    budget: '< 1 s',
    met: check(b.validate.changedFile.wallMs.median, 1000),
  });

  if (isSkipped(r.dev)) rows.push({ what: 'dev: edit a page → browser shows it', value: r.dev.status, budget: '< 300 ms', met: null });
  else {
    const d = r.dev.editToBrowserMs;
    rows.push({
      what: 'dev: edit a page → browser shows it',
      value: `${ms(d.median)}${runsOf(d)}${r.dev.misses ? `, ${r.dev.misses} edits not shown within 10 s` : ''}; server ready in ${ms(r.dev.startupMs)}`,
      budget: '< 300 ms',
      met: d.median === null ? false : d.median < 300,
    });
  }

  if (isSkipped(r.pages)) {
    rows.push({ what: 'pages (HTML, JS, CSS, requests)', value: r.pages.status, budget: '', met: null });
  } else {
    for (const [id, p] of Object.entries(r.pages)) {
      const f = p.firstLoad;
      if (!f) {
        rows.push({ what: `${id} ${p.path}`, value: p.error ?? 'not measured', budget: '', met: null });
        continue;
      }
      const docLike = id === 'docs' || id === 'api';
      rows.push({
        what: `${id}: JavaScript on first load, gzip -9 / Brotli (raw)`,
        value: `${kb(f.js.gzip)} / ${f.js.brotli ? kb(f.js.brotli) : 'n/a'} (${kb(f.js.raw)}), ${f.js.requests} files; ${kb(f.js.transfer)} transferred`,
        budget: docLike ? '< 85 KB gzip -9' : '',
        met: docLike ? f.js.gzip < 85 * KB : undefined,
      });
      rows.push({
        what: `${id}: HTML / CSS / JSON on first load, gzip`,
        value: `${kb(f.html.gzip)} / ${kb(f.css.gzip)} / ${kb(f.json.gzip)}; ${f.requests} requests`,
        budget: '',
      });
      // The search page starts the first search at once: its shard counts in the first-search budget.
      const searchPage = id === 'search';
      rows.push({
        what: `${id}: JSON on first load (manifest shell, chunks, prefetched pages${searchPage ? ', search shard' : ''}), gzip`,
        value: `${kb(f.json.gzip)} in ${f.json.requests} files`,
        budget: searchPage ? 'see first search' : '< 40 KB gzip',
        met: searchPage ? undefined : f.json.gzip < 40 * KB,
      });
      const nav = p.clientNavigation;
      if (nav)
        rows.push({
          what: `${id}: client navigation fetches, gzip`,
          value: `JSON ${kb(nav.fetched.json.gzip)}, JS ${kb(nav.fetched.js.gzip)}; page JSON file ${nav.pageJson ? `${kb(nav.pageJson.gzip)} (${kb(nav.pageJson.raw)} raw)` : 'none'}${nav.clientSide ? '' : ' [not client-side]'}`,
          budget: '',
        });
    }
  }

  rows.push(...offlineRows(r.offline));

  const s = r.search;
  for (const [locale, sh] of Object.entries(s.shards))
    rows.push({ what: `search shard ${locale}, raw / gzip`, value: shardText(sh), budget: '' });
  rows.push(...browserSearchRows(s.browser));
  if (!isSkipped(s.engine))
    rows.push({
      what: `search engine in Node (${s.engine.locale}): shard load / one query`,
      value: `${ms(s.engine.loadMs.median)} / ${s.engine.queryMs.median?.toFixed(2) ?? '—'} ms`,
      budget: '',
    });
  if (!isSkipped(s.cli))
    rows.push({
      what: `vitrina-docs query "${s.cli.query}"`,
      value: `${ms(s.cli.wallMs.median)}${runsOf(s.cli.wallMs)}, ${s.cli.hits ?? '?'} hits`,
      budget: '',
    });
  if (isSkipped(s.relevance)) rows.push({ what: 'search relevance', value: s.relevance.status, budget: '' });
  else
    for (const [locale, rel] of Object.entries(s.relevance))
      rows.push({
        what: `search relevance ${locale}: MRR / R@1 / R@5`,
        value: `${rel.mrr} / ${rel.recallAt1} / ${rel.recallAt5} (${rel.queries} queries; expect only: ${rel.strict.mrr} / ${rel.strict.recallAt1} / ${rel.strict.recallAt5})`,
        budget: '',
      });

  if (isSkipped(r.lighthouse)) {
    rows.push({
      what: 'Lighthouse mobile (perf / a11y / best practices / SEO)',
      value: r.lighthouse.status,
      budget: '100 / 100 / 100 / 100',
      met: null,
    });
  } else {
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const [id, run] of Object.entries(r.lighthouse[preset])) {
        const sc = run.scores;
        const all = [sc.performance, sc.accessibility, sc['best-practices'], sc.seo];
        const value =
          run.error && all.every((v) => v == null)
            ? `failed: ${run.error}`
            : `${all.map((v) => v ?? '—').join(' / ')}; FCP ${ms(run.fcpMs ?? null)}, LCP ${ms(run.lcpMs)}, TBT ${ms(run.tbtMs)}, CLS ${run.cls ?? '—'}`;
        const met = preset === 'mobile' ? (all.some((v) => v == null) ? null : all.every((v) => v === 100)) : undefined;
        rows.push({
          what: `Lighthouse ${preset}, ${id} (perf / a11y / bp / SEO)`,
          value,
          budget: preset === 'mobile' ? '100 / 100 / 100 / 100' : '',
          met,
        });
      }
    }
  }

  if (isSkipped(r.scale)) {
    rows.push({ what: '10x content: clean build', value: r.scale.status, budget: '< 30 s, linear', met: null });
  } else {
    const sc = r.scale;
    const t1 = b.clean.wallMs.median;
    const t10 = sc.clean.wallMs.median;
    rows.push({
      what: `${sc.factor}x content (${sc.pages} pages): clean build, wall time`,
      value: t10 === null ? (sc.clean.error ?? 'failed') : `${timed(sc.clean)}`,
      // (Past 10x the design asks only that the build completes, in linear time: the next row.)
      budget: sc.factor > 10 ? 'completes' : '< 30 s',
      met: t10 === null ? (sc.clean.error?.startsWith('timed out') ? false : null) : sc.factor > 10 || t10 < 30_000,
    });
    if (t1 && t10) {
      const ratio = t10 / t1;
      rows.push({
        what: `${sc.factor}x content: build time growth against 1x`,
        value: `×${ratio.toFixed(1)} (1x ${ms(t1)})`,
        budget: `linear (≤ ×${sc.factor})`,
        met: ratio <= sc.factor * 1.1,
      });
    }
    const m10 = sc.clean.peakRssMb.median;
    const m1 = b.clean.peakRssMb.median;
    rows.push({
      what: `${sc.factor}x content: peak memory (one process: the workers are its threads)`,
      value: `${mb(m10)} (1x ${mb(m1)})`,
      budget: sc.factor > 10 ? '' : '< 1 GB',
      met: sc.factor > 10 ? undefined : check(m10, 1024),
    });
    if (m1 && m10)
      rows.push({
        what: `${sc.factor}x content: memory growth against 1x`,
        value: `×${(m10 / m1).toFixed(1)}`,
        budget: `sublinear (< ×${sc.factor})`,
        met: m10 / m1 < sc.factor,
      });
    const js1 = !isSkipped(r.pages) ? r.pages.docs?.firstLoad?.js.gzip : undefined;
    if (sc.docsPage) {
      const same = js1 === undefined ? null : Math.abs(sc.docsPage.js.gzip - js1) <= js1 * 0.01 + 64;
      rows.push({
        what: `${sc.factor}x content: docs page JavaScript, gzip`,
        value: `${kb(sc.docsPage.js.gzip)} (1x ${js1 === undefined ? 'not measured' : kb(js1)}); HTML ${kb(sc.docsPage.html.gzip)}, JSON ${kb(sc.docsPage.json.gzip)} on first load`,
        budget: 'unchanged',
        met: same,
      });
      const json1 = !isSkipped(r.pages) ? r.pages.docs?.firstLoad?.json.gzip : undefined;
      rows.push({
        what: `${sc.factor}x content: docs page JSON on first load, gzip`,
        value: `${kb(sc.docsPage.json.gzip)} (1x ${json1 === undefined ? 'not measured' : kb(json1)})`,
        budget: '< 40 KB, within 10 % of 1x',
        met: json1 === undefined ? null : sc.docsPage.json.gzip < 40 * KB && sc.docsPage.json.gzip <= json1 * 1.1,
      });
    } else
      rows.push({ what: `${sc.factor}x content: docs page JavaScript`, value: sc.note ?? 'not measured', budget: 'unchanged', met: null });
    if (sc.shards)
      for (const [locale, sh] of Object.entries(sc.shards))
        rows.push({ what: `${sc.factor}x content: search shard ${locale}, raw / gzip`, value: shardText(sh), budget: '' });
    if (sc.search) rows.push(...browserSearchRows(sc.search, `${sc.factor}x content: `));
  }
  const p = r.packages;
  if (p && !isSkipped(p)) {
    rows.push({
      what: '@vitrina-docs/renderer: packages installed (besides React) / gzip added to an app, JS + CSS',
      value: `${p.renderer.installed} (${p.renderer.installed - p.renderer.ofReact}) / ${kb(p.renderer.gzipAdded ?? 0)} + ${kb(p.renderer.cssGzip ?? 0)}`,
      budget: '',
    });
    rows.push({
      what: '@vitrina-docs/search: packages installed / gzip added to an app / browser module gzip',
      value: `${p.search.installed} / ${kb(p.search.gzipAdded ?? 0)} / ${kb(p.search.browserModuleGzip ?? 0)}`,
      budget: '',
    });
    rows.push({ what: '@vitrina-docs/generator (CLI): packages installed', value: String(p.generator.installed), budget: '' });
  } else if (p) rows.push({ what: 'packages: installed and added to an app', value: p.status, budget: '', met: null });
  return rows;
}

export function formatTable(rows: BudgetRow[]): string {
  const metText = (m: BudgetRow['met']) => (m === true ? 'yes' : m === false ? 'NO' : m === null ? 'n/a' : '');
  const header = ['what', 'value', 'budget', 'met'];
  const data = rows.map((r) => [r.what, r.value, r.budget, metText(r.met)]);
  const widths = header.map((h, i) => Math.min(i === 1 ? 90 : 64, Math.max(h.length, ...data.map((d) => d[i]!.length))));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...data.map(line)].join('\n');
}
