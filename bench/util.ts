/**
 * Shared helpers of the benchmark: running the CLI as a child process with its wall time and
 * peak memory, medians, gzip sizes, free ports, a deadline that keeps `make bench` within its
 * time limit, and logging.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** The repository (bench/..), whose bin/ is the CLI measured. */
export const REPO = fileURLToPath(new URL('..', import.meta.url));
/** The CLI the benchmark runs: the repository's, or that of a snapshot of its code (setCli). */
let cliPath = join(REPO, 'bin', 'vitrina-docs.js');
export function setCli(path: string): void {
  cliPath = path;
}
export function cliFile(): string {
  return cliPath;
}
export const GNU_TIME = '/usr/bin/time';
/** gzip level of the "gzip" figures: 6, the usual default of servers and CDNs. */
export const GZIP_LEVEL = 6;

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function gzipSize(data: Buffer | string): number {
  return gzipSync(typeof data === 'string' ? Buffer.from(data) : data, { level: GZIP_LEVEL }).length;
}

/**
 * What the build precompresses a script to (renderer/vite.config.ts) and nginx serves: zlib's
 * gzip -9 and Brotli at quality 11.
 */
export function precompressedSizes(data: Buffer): { gzip: number; brotli: number } {
  return {
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }).length,
  };
}

export interface Sizes {
  raw: number;
  gzip: number;
}

export function fileSizes(path: string): Sizes {
  const data = readFileSync(path);
  return { raw: data.length, gzip: gzipSize(data) };
}

export function addSizes(a: Sizes, b: Sizes): Sizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip };
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A timed figure: the median and every run. */
export interface Series {
  median: number | null;
  min: number | null;
  max: number | null;
  runs: number[];
}

export function series(values: number[], digits = 0): Series {
  const round = (n: number | null) => (n === null ? null : Number(n.toFixed(digits)));
  return {
    median: round(median(values)),
    min: round(values.length ? Math.min(...values) : null),
    max: round(values.length ? Math.max(...values) : null),
    runs: values.map((v) => Number(v.toFixed(digits))),
  };
}

/** One run of a child process. */
export interface ProcessSample {
  wallMs: number;
  /** Peak resident memory (VmHWM / ru_maxrss) in MB, null when it could not be read. */
  peakRssMb: number | null;
  /** User + system CPU time (GNU time), null without it: less disturbed by other load than wall time. */
  cpuMs: number | null;
  code: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/** Process groups started by the benchmark and still running: ended on exit or interrupt. */
const LIVE = new Set<number>();

export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

export function trackGroup(pid: number): () => void {
  LIVE.add(pid);
  return () => LIVE.delete(pid);
}

export function killAllStarted(): void {
  for (const pid of LIVE) killGroup(pid);
  LIVE.clear();
}

function readHwmKb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Runs `node bin/vitrina-docs.js <args>` and measures it. Peak memory comes from GNU time (%M,
 * the peak RSS of the process; worker threads share it) or, without it, from polling VmHWM.
 */
export function runCli(
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; nodeArgs?: string[] } = {},
): Promise<ProcessSample> {
  const node = [process.execPath, ...(options.nodeArgs ?? []), cliPath, ...args];
  return runMeasured(node, options);
}

export function runMeasured(
  command: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<ProcessSample> {
  const useTime = existsSync(GNU_TIME);
  const dir = useTime ? mkdtempSync(join(tmpdir(), 'vitrina-bench-time-')) : null;
  const timeFile = dir ? join(dir, 'rss') : null;
  const argv = useTime ? [GNU_TIME, '-f', '%M %U %S', '-o', timeFile!, ...command] : command;
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd ?? REPO,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that a timeout ends GNU time and the CLI under it together.
      detached: true,
    });
    LIVE.add(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let hwm: number | null = null;
    // Without GNU time: poll the high-water mark of the node process (a child of `child` or `child` itself).
    const poll = useTime
      ? null
      : setInterval(() => {
          const v = child.pid ? readHwmKb(child.pid) : null;
          if (v !== null) hwm = Math.max(hwm ?? 0, v);
        }, 20);
    let timedOut = false;
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          killGroup(child.pid!);
        }, options.timeoutMs)
      : null;
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      LIVE.delete(child.pid!);
      if (poll) clearInterval(poll);
      if (timer) clearTimeout(timer);
      let peakKb = hwm;
      let cpuMs: number | null = null;
      if (timeFile) {
        try {
          const lines = readFileSync(timeFile, 'utf8').trim().split('\n');
          const [rss, user, sys] = (lines[lines.length - 1] ?? '').split(' ').map(Number);
          if (rss !== undefined && Number.isFinite(rss) && rss > 0) peakKb = rss;
          if (user !== undefined && sys !== undefined && Number.isFinite(user) && Number.isFinite(sys)) cpuMs = (user + sys) * 1000;
        } catch {
          /* killed before GNU time wrote it */
        }
        rmSync(dir!, { recursive: true, force: true });
      }
      resolve({ wallMs, peakRssMb: peakKb === null ? null : peakKb / 1024, cpuMs, code, timedOut, stdout, stderr });
    });
  });
}

/** Stage timings the build prints (`stages (ms)  load 201, check 136, …`). */
export function parseStages(stderr: string): Record<string, number> {
  const m = /stages \(ms\):?\s*([^\n)]*)/.exec(stderr);
  const out: Record<string, number> = {};
  if (!m?.[1]) return out;
  for (const part of m[1].split(',')) {
    const [k, v] = part.trim().split(/\s+/);
    if (k && v && Number.isFinite(Number(v))) out[k] = Number(v);
  }
  return out;
}

export function medianStages(all: Record<string, number>[]): Record<string, number> {
  const keys = [...new Set(all.flatMap((s) => Object.keys(s)))];
  return Object.fromEntries(keys.map((k) => [k, median(all.map((s) => s[k]).filter((v): v is number => v !== undefined)) ?? 0]));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Total size and count of the files under a folder. */
export function folderSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) {
      files++;
      bytes += statSync(join(e.parentPath, e.name)).size;
    }
  }
  return { files, bytes };
}

/** The overall time limit of a benchmark run: phases ask it how much is left. */
export class Deadline {
  private readonly end: number;
  constructor(readonly totalMs: number) {
    this.end = Date.now() + totalMs;
  }
  remainingMs(): number {
    return this.end - Date.now();
  }
}

/**
 * Repeats a timed measurement up to `runs` times, fewer when its runs would exceed `allotMs`
 * or the deadline (at least one run is always made). Returns the results of the runs made.
 */
export async function repeat<T>(
  runs: number,
  allotMs: number,
  deadline: Deadline,
  fn: (i: number) => Promise<T>,
  durationOf: (r: T) => number,
): Promise<T[]> {
  const out: T[] = [];
  let spent = 0;
  for (let i = 0; i < runs; i++) {
    if (i > 0) {
      const avg = spent / i;
      if (spent + avg > allotMs || deadline.remainingMs() < avg + 5_000) break;
    }
    const r = await fn(i);
    out.push(r);
    spent += durationOf(r);
  }
  return out;
}

/** Newest modification time of the .ts sources that bin/ compares against generator/lib/.compiled. */
export function newestGeneratorSource(root = REPO): number {
  let newest = 0;
  for (const dir of ['generator', 'schemas', 'search']) {
    const abs = join(root, dir);
    if (!existsSync(abs)) continue;
    for (const e of readdirSync(abs, { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || !/\.ts$/.test(e.name) || /(^|[\\/])(lib|node_modules)([\\/]|$)/.test(relative(root, e.parentPath))) continue;
      newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
    }
  }
  return newest;
}

/** Whether bin/ will run the compiled generator/lib/ (true) or the TypeScript sources through tsx. */
export function libIsCurrent(root = REPO): boolean {
  const stamp = join(root, 'generator', 'lib', '.compiled');
  return existsSync(stamp) && statSync(stamp).mtimeMs >= newestGeneratorSource(root);
}

export function runSync(command: string, args: string[], timeoutMs: number): { code: number | null; output: string; ms: number } {
  const t = performance.now();
  const r = spawnSync(command, args, { cwd: REPO, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}`, ms: performance.now() - t };
}

export const round = (n: number | null | undefined, digits = 0): number | null =>
  n === null || n === undefined || !Number.isFinite(n) ? null : Number(n.toFixed(digits));

/** A `vitrina-docs` server command (`preview`, `dev`) on a free port, as a child process group. */
export async function spawnCliServer(root: string, args: string[]) {
  const { spawn } = await import('node:child_process');
  const port = await freePort();
  const child = spawn(process.execPath, [cliFile(), '-C', root, ...args, '--port', String(port)], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const untrack = trackGroup(child.pid!);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return { child, untrack, url: `http://127.0.0.1:${port}`, stderr: () => stderr };
}
