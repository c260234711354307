/**
 * Build and validate timings of one project root: clean build (no .cache/build-cache.json nor
 * validate-cache.json; the renderer bundle kept), warm build, incremental rebuild after editing
 * one page, validate cold and warm, and validate of the one changed file. Each figure is the
 * median of its runs; wall time and peak memory of the CLI as a child process.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_FILES, editPage, pickEditablePage, removeBuildCaches } from './corpus.ts';
import {
  folderSize,
  log,
  medianStages,
  parseStages,
  repeat,
  runCli,
  series,
  type Deadline,
  type ProcessSample,
  type Series,
} from './util.ts';

export interface RunFigures {
  /** Runs made (fewer than asked when the time allotted ran out). */
  runs: number;
  ok: boolean;
  wallMs: Series;
  peakRssMb: Series;
  cpuMs: Series;
  /** Median milliseconds of each pipeline stage, as the CLI prints them. */
  stages: Record<string, number>;
  error?: string;
}

export interface BuildOutput {
  pages: number | null;
  routes: number | null;
  files: number;
  bytes: number;
  htmlFiles: number;
}

export interface BuildFigures {
  prerender: boolean;
  clean: RunFigures;
  warm: RunFigures;
  incremental: RunFigures & { page: string | null };
  validate: {
    cold: RunFigures;
    warm: RunFigures;
    /** `validate <one edited page>`, without the validate cache, and with it. */
    changedFileCold: RunFigures & { page: string | null };
    changedFile: RunFigures & { page: string | null };
  };
  output: BuildOutput | null;
}

export interface BuildPlan {
  root: string;
  prerender: boolean;
  runs: { clean: number; warm: number; incremental: number; validate: number };
  /** Time allotted to each figure's runs (ms); at least one run is always made (none when its runs is 0). */
  allotMs: number;
  /** The same for the clean builds. */
  cleanAllotMs: number;
  timeoutMs: number;
  deadline: Deadline;
}

function tail(text: string, lines = 6): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

export function figures(samples: ProcessSample[]): RunFigures {
  const ok = samples.length > 0 && samples.every((s) => s.code === 0 && !s.timedOut);
  const good = samples.filter((s) => s.code === 0 && !s.timedOut);
  const bad = samples.find((s) => s.code !== 0 || s.timedOut);
  const out: RunFigures = {
    runs: samples.length,
    ok,
    wallMs: series(good.map((s) => s.wallMs)),
    peakRssMb: series(
      good.map((s) => s.peakRssMb).filter((v): v is number => v !== null),
      1,
    ),
    cpuMs: series(good.map((s) => s.cpuMs).filter((v): v is number => v !== null)),
    stages: medianStages(good.map((s) => parseStages(s.stderr))),
  };
  if (bad) out.error = bad.timedOut ? `timed out after ${Math.round(bad.wallMs / 1000)} s` : `exit ${bad.code}: ${tail(bad.stderr)}`;
  return out;
}

const okRun = (s: ProcessSample) => s.code === 0 && !s.timedOut;

/** Runs `fn` up to `runs` times within the allotment, stopping at the first failure. */
async function measure(
  label: string,
  runs: number,
  plan: BuildPlan,
  fn: (i: number) => Promise<ProcessSample>,
  allotMs = plan.allotMs,
): Promise<RunFigures> {
  if (runs === 0) return { ...figures([]), error: 'not run' };
  let failed = false;
  const samples = await repeat(
    runs,
    allotMs,
    plan.deadline,
    async (i) => {
      if (failed) return null;
      const s = await fn(i);
      log(
        `${label} #${i + 1}: ${Math.round(s.wallMs)} ms, ${s.peakRssMb?.toFixed(0) ?? '?'} MB${okRun(s) ? '' : ` FAILED (${s.timedOut ? 'timeout' : `exit ${s.code}`})`}`,
      );
      if (!okRun(s)) failed = true;
      return s;
    },
    (s) => (s ? s.wallMs : 0),
  );
  return figures(samples.filter((s): s is ProcessSample => s !== null));
}

export function buildArgs(root: string, prerender: boolean): string[] {
  return ['-C', root, 'build', '--verbose', '--out', join(root, 'dist'), ...(prerender ? [] : ['--no-prerender'])];
}

/** One clean build: caches and the previous dist/ removed first. */
export function cleanBuild(root: string, prerender: boolean, timeoutMs: number): Promise<ProcessSample> {
  removeBuildCaches(root);
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  return runCli(buildArgs(root, prerender), { timeoutMs });
}

export function buildOutput(root: string, stderr: string): BuildOutput {
  const m = /built (\d+) pages \((\d+) routes\)/.exec(stderr);
  const dist = join(root, 'dist');
  const all = folderSize(dist);
  const html = existsSync(dist) ? readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html')).length : 0;
  return { pages: m ? Number(m[1]) : null, routes: m ? Number(m[2]) : null, files: all.files, bytes: all.bytes, htmlFiles: html };
}

export async function measureBuild(plan: BuildPlan): Promise<BuildFigures> {
  const { root, prerender, timeoutMs } = plan;
  let lastClean: ProcessSample | null = null;
  const clean = await measure(
    'clean build',
    plan.runs.clean,
    plan,
    async () => (lastClean = await cleanBuild(root, prerender, timeoutMs)),
    plan.cleanAllotMs,
  );
  const output = lastClean && clean.ok ? buildOutput(root, (lastClean as ProcessSample).stderr) : null;

  const skipped = (why: string): RunFigures => ({ ...figures([]), error: why });
  const warm = clean.ok
    ? await measure('warm build', plan.runs.warm, plan, () => runCli(buildArgs(root, prerender), { timeoutMs }))
    : skipped('clean build failed');

  const page = pickEditablePage(root);
  let incremental: RunFigures = skipped(plan.runs.incremental === 0 ? 'not run' : 'clean build failed');
  if (clean.ok && page && plan.runs.incremental > 0) {
    const original = readFileSync(join(root, 'content', page), 'utf8');
    incremental = await measure('incremental build', plan.runs.incremental, plan, (i) => {
      editPage(root, page, i + 1);
      return runCli(buildArgs(root, prerender), { timeoutMs });
    });
    // Back to the real text, and dist/ rebuilt from it, for the page measurements that follow.
    writeFileSync(join(root, 'content', page), original);
    await runCli(buildArgs(root, prerender), { timeoutMs });
  }

  const cold = await measure('validate (cold)', plan.runs.validate, plan, () => {
    for (const f of CACHE_FILES.validate) rmSync(join(root, '.cache', f), { force: true });
    return runCli(['-C', root, 'validate', '--verbose'], { timeoutMs });
  });
  const warmValidate = await measure('validate (warm)', plan.runs.validate, plan, () =>
    runCli(['-C', root, 'validate', '--verbose'], { timeoutMs }),
  );
  let changedFile: RunFigures = skipped('no page to edit');
  let changedFileCold: RunFigures = skipped('no page to edit');
  if (page && plan.runs.validate > 0) {
    const original = readFileSync(join(root, 'content', page), 'utf8');
    changedFileCold = await measure('validate one changed file (cold)', plan.runs.validate, plan, (i) => {
      for (const f of CACHE_FILES.validate) rmSync(join(root, '.cache', f), { force: true });
      editPage(root, page, 200 + i);
      return runCli(['-C', root, 'validate', '--verbose', join(root, 'content', page)], { timeoutMs });
    });
    // (The warm runs start from the cache of a whole validate, as a writer's checkout has it.)
    await runCli(['-C', root, 'validate'], { timeoutMs });
    changedFile = await measure('validate one changed file', plan.runs.validate, plan, (i) => {
      editPage(root, page, 100 + i);
      return runCli(['-C', root, 'validate', '--verbose', join(root, 'content', page)], { timeoutMs });
    });
    writeFileSync(join(root, 'content', page), original);
  }
  return {
    prerender,
    clean,
    warm,
    incremental: { ...incremental, page },
    validate: { cold, warm: warmValidate, changedFileCold: { ...changedFileCold, page }, changedFile: { ...changedFile, page } },
    output,
  };
}
