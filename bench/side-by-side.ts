/**
 * The Docusaurus anchor (shared/anchor-docusaurus): clean builds of this project's content by
 * Docusaurus and by vitrina-docs, interleaved on one machine by its side-by-side.sh. The bench
 * reads the newest complete run (or makes one with --side-by-side) and reports the ratios the
 * budgets are stated in: these machines are noisy, so only figures of one interleaved run are
 * compared.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO } from './util.ts';

export interface SideBySideFigures {
  /** The run's folder. */
  dir: string;
  rounds: number;
  docusaurus: { wallS: number; peakMb: number };
  vitrina: { wallS: number; peakMb: number };
  /** Docusaurus's median over vitrina-docs's: how many times faster and leaner vitrina-docs is. */
  faster: number;
  leaner: number;
}

/** The anchor's folder: $VITRINA_DOCS_ANCHOR, else shared/anchor-docusaurus beside the checkout. */
export function anchorDir(): string | null {
  const candidates = [
    process.env.VITRINA_DOCS_ANCHOR,
    join(REPO, '..', 'shared', 'anchor-docusaurus'),
    join(REPO, '..', '..', 'shared', 'anchor-docusaurus'),
  ];
  for (const c of candidates) if (c && existsSync(join(c, 'side-by-side.sh'))) return resolve(c);
  return null;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The figures of one run's builds.tsv (`generator round wall_s max_rss peak_tree_rss user sys exit`), or null when incomplete. */
export function readRun(dir: string): SideBySideFigures | null {
  const file = join(dir, 'builds.tsv');
  if (!existsSync(file)) return null;
  const rows = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c.length >= 8 && c[7] === '0');
  const of = (name: string) => rows.filter((c) => c[0] === name);
  const d = of('docusaurus');
  const v = of('vitrina');
  if (!d.length || !v.length) return null;
  // Peak memory: the process tree's (Docusaurus starts processes; vitrina-docs's workers are threads), or the single process's if larger.
  const fig = (rs: string[][]) => ({
    wallS: median(rs.map((c) => Number(c[2]))),
    peakMb: median(rs.map((c) => Math.max(Number(c[3]), Number(c[4])))),
  });
  const docusaurus = fig(d);
  const vitrina = fig(v);
  return {
    dir,
    rounds: Math.min(d.length, v.length),
    docusaurus,
    vitrina,
    faster: docusaurus.wallS / vitrina.wallS,
    leaner: docusaurus.peakMb / vitrina.peakMb,
  };
}

/** The newest complete run under `results` (side-by-side-<UTC> folders). */
export function latestRun(results: string): SideBySideFigures | null {
  if (!existsSync(results)) return null;
  const runs = readdirSync(results)
    .filter((n) => n.startsWith('side-by-side-') && statSync(join(results, n)).isDirectory())
    .sort()
    .reverse();
  for (const n of runs) {
    const r = readRun(join(results, n));
    if (r) return r;
  }
  return null;
}

/** Where runs are written: $VITRINA_DOCS_ANCHOR_RESULTS, else bench/side-by-side/ of this checkout (the anchor may be read-only). */
export function resultsDir(): string {
  return resolve(process.env.VITRINA_DOCS_ANCHOR_RESULTS ?? join(REPO, 'bench', 'side-by-side'));
}

/** Runs side-by-side.sh (ROUNDS rounds) on this checkout; the anchor must have its node_modules. */
export function runSideBySide(anchor: string, rounds: number): { ok: boolean; note: string } {
  if (!existsSync(join(anchor, 'node_modules', '.bin', 'docusaurus')))
    return { ok: false, note: `the anchor's packages are not installed (cd ${anchor} && npm ci)` };
  const out = join(
    resultsDir(),
    `side-by-side-${new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}`,
  );
  const r = spawnSync(join(anchor, 'side-by-side.sh'), [], {
    cwd: REPO,
    env: { ...process.env, VIT: REPO, ROUNDS: String(rounds), OUT_DIR: out },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { ok: r.status === 0, note: r.status === 0 ? out : `side-by-side.sh exited with ${r.status}` };
}
