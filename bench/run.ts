/**
 * `make bench` / `npm run bench`: measures vitrina-docs as users feel it and prints one table
 * (what, value, budget from shared/DESIGN.md, met?); writes bench/results.json.
 *
 *   tsx bench/run.ts [--quick] [--corpus <dir>] [--results <file>] [--only build,pages,search,dev,lighthouse,scale,packages]
 *                    [--time-limit <s>] [--scale-factor <n>] [--no-compile] [--no-install] [--keep] [--side-by-side]
 *
 * --quick: build and validate only, one run each (what the test runs on a tiny corpus).
 * --corpus: a project folder holding content/ (default: this repository).
 * --side-by-side: first run the Docusaurus anchor's side-by-side.sh (3 rounds; see side-by-side.ts);
 * without it the newest run found is reported.
 * The whole run keeps within --time-limit (default 840 s, under the 15 minutes of `make bench`):
 * timed figures take fewer runs than asked when their runs are slow, and say how many they took.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { ensureChromium, launchChromium, startServer, type Preview } from './browser.ts';
import { removeTemp, snapshotCode, snapshotProject, type CodeSnapshot } from './corpus.ts';
import { runLighthouse, withoutAnalytics } from './lighthouse.ts';
import { copyCaches, hasDevCommand, measureDev } from './measure-dev.ts';
import { cleanBuild, figures, measureBuild, type BuildFigures } from './measure-build.ts';
import { measureOffline } from './measure-offline.ts';
import { measurePackages } from './measure-packages.ts';
import { measureFirstLoad, measurePages, PAGE_TYPES, readSite, routeFor } from './measure-pages.ts';
import {
  cliQueryTimings,
  engineTimings,
  importSearchModule,
  measureBrowserSearch,
  measureRelevance,
  shardSizes,
} from './measure-search.ts';
import { budgetRows, formatTable, type Results, type ScaleFigures, type Skipped } from './report.ts';
import { scaleCorpus } from './scale.ts';
import { anchorDir, latestRun, resultsDir, runSideBySide } from './side-by-side.ts';
import { Deadline, killAllStarted, log, REPO, repeat, setCli } from './util.ts';

const PHASES = ['build', 'pages', 'search', 'scale', 'dev', 'lighthouse', 'packages'] as const;
/** Time kept for the dev and Lighthouse phases, which run after the scale phase. */
const LATER_MS = 240_000;
type Phase = (typeof PHASES)[number];

export interface BenchOptions {
  quick: boolean;
  corpus: string;
  results: string;
  only: Set<Phase>;
  timeLimitS: number;
  scaleFactor: number;
  compile: boolean;
  install: boolean;
  keep: boolean;
  sideBySide: boolean;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      corpus: { type: 'string' },
      results: { type: 'string' },
      only: { type: 'string' },
      'time-limit': { type: 'string', default: '840' },
      'scale-factor': { type: 'string', default: '10' },
      'no-compile': { type: 'boolean', default: false },
      'no-install': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'side-by-side': { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  const only = values.only ? (values.only.split(',').map((s) => s.trim()) as Phase[]) : values.quick ? (['build'] as Phase[]) : [...PHASES];
  for (const p of only) if (!PHASES.includes(p)) throw new Error(`--only: unknown phase "${p}" (${PHASES.join(', ')})`);
  return {
    quick: values.quick,
    corpus: resolve(values.corpus ?? REPO),
    results: resolve(values.results ?? join(REPO, 'bench', 'results.json')),
    only: new Set(only),
    timeLimitS: Number(values['time-limit']),
    scaleFactor: Number(values['scale-factor']),
    compile: !values['no-compile'],
    install: !values['no-install'],
    keep: values.keep,
    sideBySide: values['side-by-side'],
  };
}

const skipped = (status: string): Skipped => ({ status });
const notRun = (opts: BenchOptions) => (opts.quick ? 'not run (--quick)' : 'not run (--only)');

export async function runBench(opts: BenchOptions): Promise<Results> {
  const started = Date.now();
  const deadline = new Deadline(opts.timeLimitS * 1000);
  const loadStart = loadavg().map((n) => Number(n.toFixed(2)));
  if (!existsSync(join(opts.corpus, 'content'))) throw new Error(`${opts.corpus} has no content/ folder`);
  const temps: string[] = [];
  let browser: Browser | null = null;
  const previews: Preview[] = [];
  try {
    log(`snapshot of the code${opts.compile ? ' (compiling lib/ when stale)' : ''}`);
    const code: CodeSnapshot = snapshotCode({ compile: opts.compile });
    temps.push(code.dir);
    setCli(code.cli);
    const renderer = code.renderer;
    log(`generator runs from ${code.generator === 'lib' ? 'compiled lib/' : 'TypeScript sources (tsx)'}; ${renderer.note}`);
    const root = snapshotProject(opts.corpus, '1x', renderer);
    if (existsSync(join(root, 'content', 'site.yaml')) && withoutAnalytics(root))
      log('analytics turned off in the snapshot (no third-party requests)');
    temps.push(root);
    const dist = join(root, 'dist');
    const runs = opts.quick ? { clean: 1, warm: 1, incremental: 1, validate: 1 } : { clean: 5, warm: 5, incremental: 5, validate: 5 };
    const limit = opts.timeLimitS * 1000;

    // 1. Build and validate at 1x. Each figure may take about 6% of the time limit (clean builds 12%).
    // Without the build phase, one clean build still makes the dist/ the other phases measure.
    const build: BuildFigures = await measureBuild({
      root,
      prerender: renderer.built,
      runs: opts.only.has('build') ? runs : { clean: 1, warm: 0, incremental: 0, validate: 0 },
      allotMs: opts.quick ? Infinity : limit * 0.06,
      cleanAllotMs: opts.quick ? Infinity : limit * 0.12,
      timeoutMs: Math.max(60_000, limit * 0.3),
      deadline,
    });

    const built = build.clean.ok;
    const wantBrowser = !opts.quick && ['pages', 'search', 'dev', 'lighthouse', 'scale'].some((p) => opts.only.has(p as Phase));
    let browserNote = renderer.built ? '' : 'renderer not built';
    if (!built) browserNote = 'the build failed';
    if (wantBrowser && !browserNote) {
      const chromium = ensureChromium(opts.install);
      if (chromium.ok) {
        try {
          browser = await launchChromium();
        } catch (e) {
          browserNote = `Chromium did not start: ${(e as Error).message.split('\n')[0]}`;
        }
      } else browserNote = chromium.note;
    }
    let preview: Preview | null = null;
    if (browser) {
      preview = await startServer(root);
      previews.push(preview);
    }

    // 2. Page types in Chromium.
    let pages: Results['pages'] = skipped(opts.only.has('pages') ? browserNote || 'not run' : notRun(opts));
    if (opts.only.has('pages') && browser && preview) pages = await measurePages(browser, preview.url, dist);

    // 2b. Offline reading: what the service worker precaches, and what it costs a first visit.
    let offline: Results['offline'] = skipped(opts.only.has('pages') ? browserNote || 'not run' : notRun(opts));
    if (opts.only.has('pages') && built) {
      const docs = readSite(dist) ? routeFor(readSite(dist)!, PAGE_TYPES[1]) : null;
      const measured = await measureOffline(browser, preview?.url ?? null, dist, docs?.path ?? '/');
      offline = measured ?? skipped('the site has no service worker');
    }

    // 3. Search.
    const search: Results['search'] = {
      shards: built ? shardSizes(dist) : {},
      engine: skipped('not run'),
      cli: skipped('not run'),
      browser: skipped(opts.only.has('search') ? browserNote || 'not run' : notRun(opts)),
      relevance: skipped('not run'),
    };
    if (opts.only.has('search') && built && !opts.quick) {
      try {
        const q = await importSearchModule(code.dir);
        search.engine = (await engineTimings(q, dist, 'ru')) ?? skipped('no ru search index');
        const relevanceFile = join(REPO, 'tests', 'search', 'relevance.yaml');
        search.relevance = existsSync(relevanceFile)
          ? await measureRelevance(q, dist, relevanceFile)
          : skipped('no tests/search/relevance.yaml');
      } catch (e) {
        search.engine = skipped(`search/index.ts could not be used: ${(e as Error).message.split('\n')[0]}`);
      }
      search.cli = await cliQueryTimings(root, 3);
      if (browser && preview) {
        const docs = readSite(dist) ? routeFor(readSite(dist)!, PAGE_TYPES[1]) : null;
        const r = await measureBrowserSearch(browser, preview.url, docs?.path ?? '/', 3).catch((e: Error) => ({
          error: e.message.split('\n')[0]!,
        }));
        search.browser = 'error' in r ? skipped(`${r.error}; see the Node engine and CLI figures`) : r;
      }
    }

    // 4. Scale: a synthetic corpus at N×, clean builds against 1x, with what remains of the time limit
    //    less what dev and Lighthouse need (LATER_MS).
    let scale: Results['scale'] = skipped(opts.only.has('scale') ? 'not run' : notRun(opts));
    if (opts.only.has('scale') && !opts.quick && built) {
      const scaledRoot = snapshotProject(root, `${opts.scaleFactor}x`, renderer);
      temps.push(scaledRoot);
      const corpus = scaleCorpus(scaledRoot, opts.scaleFactor);
      log(`${opts.scaleFactor}x corpus: ${corpus.pages} pages, ${corpus.routes} routes (ru keys) in ${scaledRoot}`);
      const later = opts.only.has('dev') || opts.only.has('lighthouse') ? LATER_MS : 15_000;
      const timeout = Math.max(60_000, deadline.remainingMs() - later);
      const samples = await repeat(
        3,
        Math.max(0, deadline.remainingMs() - later),
        deadline,
        async (i) => {
          const s = await cleanBuild(scaledRoot, renderer.built, i === 0 ? timeout : Math.max(60_000, deadline.remainingMs() - later));
          log(
            `${opts.scaleFactor}x clean build #${i + 1}: ${Math.round(s.wallMs)} ms, ${s.peakRssMb?.toFixed(0) ?? '?'} MB${s.code === 0 && !s.timedOut ? '' : ' FAILED'}`,
          );
          return s;
        },
        (s) => s.wallMs,
      );
      const good = samples.filter((s) => s.code === 0 && !s.timedOut);
      const clean = figures(good.length ? good : samples);
      const fig: ScaleFigures = {
        factor: opts.scaleFactor,
        pages: corpus.pages,
        routes: corpus.routes,
        prerender: renderer.built,
        clean,
        shards: null,
        docsPage: null,
      };
      if (good.length) {
        const scaledDist = join(scaledRoot, 'dist');
        fig.shards = shardSizes(scaledDist);
        if (browser && deadline.remainingMs() > later / 2) {
          const p = await startServer(scaledRoot);
          previews.push(p);
          const route = routeFor(readSite(scaledDist)!, PAGE_TYPES[1]);
          if (route) {
            const f = await measureFirstLoad(browser, p.url, route.path);
            fig.docsPage = {
              path: route.path,
              js: { raw: f.js.raw, gzip: f.js.gzip },
              html: { raw: f.html.raw, gzip: f.html.gzip },
              json: { raw: f.json.raw, gzip: f.json.gzip },
            };
            if (opts.only.has('search')) {
              const r = await measureBrowserSearch(browser, p.url, route.path, 2).catch((e: Error) => ({
                error: e.message.split('\n')[0]!,
              }));
              fig.search = 'error' in r ? skipped(r.error) : r;
            }
          }
        } else fig.note = browserNote || 'no time left to measure the page';
      }
      scale = fig;
    }

    // 5. The writers' loop: `dev`, a page edited, the browser showing it.
    let dev: Results['dev'] = skipped(opts.only.has('dev') ? browserNote || 'not run' : notRun(opts));
    if (opts.only.has('dev') && browser) {
      if (!(await hasDevCommand())) dev = skipped('no dev command');
      else if (deadline.remainingMs() < 120_000) dev = skipped('not run: the time limit was reached');
      else {
        const devRoot = snapshotProject(root, 'dev', renderer);
        temps.push(devRoot);
        copyCaches(root, devRoot);
        const r = await measureDev(browser, devRoot, 5, Math.min(120_000, deadline.remainingMs() - 60_000));
        dev = 'error' in r ? skipped(r.error) : r;
      }
    }

    // 6. Lighthouse.
    let lighthouse: Results['lighthouse'] = skipped(opts.only.has('lighthouse') ? browserNote || 'not run' : notRun(opts));
    if (opts.only.has('lighthouse') && browser && preview) {
      const manifest = readSite(dist)!;
      const targets = Object.fromEntries(
        PAGE_TYPES.filter((t) => t.id !== 'api')
          .map((t) => [t.id, routeFor(manifest, t)?.path] as const)
          .filter((e): e is readonly [(typeof e)[0], string] => typeof e[1] === 'string'),
      );
      try {
        lighthouse = await runLighthouse(preview.url, targets, { timeoutMs: 120_000, timeLeft: () => deadline.remainingMs() > 30_000 });
      } catch (e) {
        lighthouse = skipped(`Lighthouse could not run: ${(e as Error).message.split('\n')[0]}`);
      }
    }

    // 7. The packages as their users install them: what each installs and adds to an app.
    let packages: Results['packages'] = skipped(notRun(opts));
    if (opts.only.has('packages') && !opts.quick) {
      try {
        packages = await measurePackages();
      } catch (e) {
        packages = skipped(`the packages could not be installed: ${(e as Error).message.split('\n')[0]}`);
      }
    }

    // 8. The Docusaurus anchor: the ratios of one interleaved run.
    let sideBySide: Results['sideBySide'] = skipped('the anchor (shared/anchor-docusaurus) is not installed');
    const anchor = anchorDir();
    if (anchor) {
      let note = '';
      if (opts.sideBySide) {
        log('side by side with Docusaurus (3 rounds)');
        const r = runSideBySide(anchor, 3);
        if (!r.ok) note = r.note;
      }
      sideBySide = latestRun(resultsDir()) ?? skipped(note || `no side-by-side run under ${resultsDir()} (make bench ARGS=--side-by-side)`);
    }

    const results: Results = {
      schema: 1,
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      options: { quick: opts.quick, corpus: opts.corpus, only: [...opts.only], timeLimitS: opts.timeLimitS, scaleFactor: opts.scaleFactor },
      machine: {
        cpus: availableParallelism(),
        node: process.version,
        totalMemMb: Math.round(totalmem() / 2 ** 20),
        loadavgStart: loadStart,
        loadavgEnd: loadavg().map((n) => Number(n.toFixed(2))),
      },
      generator: { mode: code.generator, compile: code.compile },
      renderer: { built: renderer.built, builtAt: renderer.builtAt, stale: renderer.stale, note: renderer.note },
      corpus: opts.corpus,
      server: preview?.server ?? null,
      build,
      pages,
      offline,
      search,
      dev,
      lighthouse,
      scale,
      packages,
      sideBySide,
      budgets: [],
    };
    results.budgets = budgetRows(results);
    return results;
  } finally {
    for (const p of previews) await p.close();
    if (browser) await browser.close().catch(() => {});
    killAllStarted();
    if (!opts.keep) for (const t of temps) removeTemp(t);
    else log(`kept: ${temps.join(' ')}`);
  }
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const onSignal = () => {
    killAllStarted();
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const results = await runBench(opts);
  mkdirSync(dirname(opts.results), { recursive: true });
  writeFileSync(opts.results, `${JSON.stringify(results, null, 2)}\n`);
  const gen = results.generator.mode === 'lib' ? 'compiled lib/' : 'TypeScript sources through tsx';
  process.stdout.write(
    `\nvitrina-docs benchmark — ${results.machine.cpus} cores, Node ${results.machine.node}, load average ${results.machine.loadavgStart.join(' ')} at the start; generator: ${gen}; ${results.renderer.note}${results.server ? `; pages served by ${results.server === 'nginx' ? 'nginx (deploy/nginx)' : 'vitrina-docs preview'}` : ''}\n\n${formatTable(results.budgets)}\n\nwritten to ${opts.results} in ${(results.durationMs / 1000).toFixed(0)} s\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('bench/run.ts')) {
  main().catch((e) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    killAllStarted();
    process.exit(1);
  });
}
