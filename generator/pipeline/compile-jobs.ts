import type { Facts, LocaleCode } from '@vitrina-docs/schemas';
import type { CodeHighlighter } from '../markdown/highlighter.ts';
import type { CompiledPage, CompileOptions } from '../markdown/processor.ts';
import { routeOfRelativeLink } from './relative-links.ts';
import { BuildWorkers, workerCount, workersSet } from './worker-pool.ts';

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
  /** `check`: only what the checks read, no body (validation). */
  output: 'page' | 'check';
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
    output: setup.output,
    routeOfRelative: routeOfRelativeLink,
    hasFile: (p) => published.has(p),
    files: setup.publishedFiles,
  };
}

/** Compiles one page on this thread. */
export async function compileJob(job: CompileJob, setup: WorkerSetup, highlighter?: CodeHighlighter): Promise<CompiledPage> {
  const { compilePage } = await import('../markdown/processor.ts');
  return compilePage(job.source, compileOptions(job, setup, highlighter));
}

/** Below this many pages a worker's start-up costs more than it saves. */
export const MIN_PAGES_FOR_WORKERS = 24;

/**
 * Compiles pages: on `workers` when given, else on worker threads of their own when there are
 * many (one per core), else on this thread.
 */
export async function compileAll(
  jobs: CompileJob[],
  setup: WorkerSetup,
  highlighter?: CodeHighlighter,
  workers?: BuildWorkers | null,
): Promise<CompiledPage[]> {
  if (!workers && ((jobs.length < MIN_PAGES_FOR_WORKERS && !workersSet()) || workerCount() < 2)) {
    let h = highlighter;
    if (setup.highlight && !h) h = await (await import('../markdown/highlighter.ts')).createCodeHighlighter();
    const out: CompiledPage[] = [];
    for (const job of jobs) out.push(await compileJob(job, setup, h));
    return out;
  }
  const pool = workers ?? BuildWorkers.start({ compile: true, highlight: setup.highlight });
  try {
    pool.setup(setup);
    return await pool.compile(jobs);
  } finally {
    if (!workers) await pool.close();
  }
}
