import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Facts, LocaleCode } from '@vitrina-docs/schemas';
import type { CodeHighlighter } from '../markdown/highlighter.ts';
import { MARKDOWN_LIMITS } from '../markdown/limits.ts';
import { compilePage, failedPage, type CompiledPage, type CompileOptions } from '../markdown/processor.ts';
import { routeOfRelativeLink } from './relative-links.ts';

/** What a page's compilation needs, as plain data that can cross to a worker. */
export interface CompileJob {
  source: string;
  file: string;
  locale: LocaleCode;
  tocMaxLevel?: 2 | 3;
}

export interface WorkerSetup {
  facts: Facts;
  staticDir: string;
  publishedFiles: string[];
  highlight: boolean;
}

export function compileOptions(job: CompileJob, setup: WorkerSetup, highlighter?: CodeHighlighter): CompileOptions {
  const published = new Set(setup.publishedFiles);
  return {
    file: job.file,
    locale: job.locale,
    facts: setup.facts,
    staticDir: setup.staticDir,
    highlighter,
    tocMaxLevel: job.tocMaxLevel,
    page: true,
    routeOfRelative: routeOfRelativeLink,
    hasFile: (p) => published.has(p),
    files: setup.publishedFiles,
  };
}

/** Below this many pages a worker's start-up costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;

/**
 * A worker's heap limit: it holds the toolchain and one page at a time, and a tight limit makes
 * V8 collect as it goes instead of growing while there is room (the build's peak memory).
 */
const WORKER_HEAP_MB = 128;

/** Compiles pages, on worker threads when there are many (one per core), else on this thread. */
export async function compileAll(jobs: CompileJob[], setup: WorkerSetup, highlighter?: CodeHighlighter): Promise<CompiledPage[]> {
  const threads = Math.min(availableParallelism(), 4);
  if (jobs.length < MIN_PAGES_FOR_WORKERS || threads < 2 || process.env.VITRINA_DOCS_WORKERS === '0') {
    const out: CompiledPage[] = [];
    for (const job of jobs) out.push(await compilePage(job.source, compileOptions(job, setup, highlighter)));
    return out;
  }
  const self = import.meta.url;
  const workerUrl = new URL(self.endsWith('.ts') ? './compile-worker-source.mjs' : './compile-worker.js', self);
  // Pages interleaved across workers (neighbouring files are often alike in size), but the two
  // pages of a translation pair on the same worker: their code blocks are highlighted once.
  const slices: CompileJob[][] = Array.from({ length: threads }, () => []);
  const pairIndex = new Map<string, number>();
  const placed: { slice: number; at: number }[] = [];
  for (const job of jobs) {
    const pair = job.file.replace(/\.[a-z]{2}\.md$/, '');
    if (!pairIndex.has(pair)) pairIndex.set(pair, pairIndex.size);
    const slice = pairIndex.get(pair)! % threads;
    placed.push({ slice, at: slices[slice]!.length });
    slices[slice]!.push(job);
  }
  const results = await Promise.all(slices.map((slice) => compileOnWorkers(slice, setup, workerUrl)));
  return placed.map(({ slice, at }) => results[slice]![at]!);
}

/**
 * Compiles a slice of pages on a worker. Pages come back in order, so when the worker stops
 * before the end (out of memory on a page past every limit, or a crash), the page it was on is
 * known: that page gets the error, and a fresh worker goes on with the next one.
 */
function compileOnWorkers(slice: CompileJob[], setup: WorkerSetup, workerUrl: URL): Promise<CompiledPage[]> {
  const done: CompiledPage[] = [];
  return new Promise((resolve) => {
    const start = (from: number) => {
      if (from >= slice.length) return resolve(done);
      const worker = new Worker(workerUrl, { workerData: setup, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
      let over = false;
      const stopped = (reason: string) => {
        if (over) return;
        over = true;
        const at = done.length;
        const job = slice[at]!;
        const page = failedPage(job.file, {
          line: 1,
          column: 1,
          code: 'compile-failed',
          message: `compiling the page stopped its worker (${reason}): a page may use ${WORKER_HEAP_MB} MB; keep it within ${MARKDOWN_LIMITS.pageBytes / 1024} KB and simpler`,
        });
        done.push(page);
        void worker.terminate();
        start(at + 1);
      };
      worker.on('message', (m: [number, CompiledPage] | null) => {
        if (m) {
          done[from + m[0]] = m[1];
          return;
        }
        over = true;
        resolve(done);
        void worker.terminate();
      });
      worker.once('error', (e) => stopped(`${e.name}: ${e.message}`));
      worker.once('exit', (code) => stopped(`exit code ${code}`));
      worker.postMessage(slice.slice(from));
    };
    start(0);
  });
}
