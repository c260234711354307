import type { Facts, LocaleCode } from '@vitrina-docs/schemas';
import type { CodeHighlighter } from '../markdown/highlighter.ts';
import type { CompiledPage, CompileOptions } from '../markdown/processor.ts';
import { routeOfRelativeLink } from './relative-links.ts';
import { BuildWorkers, wantsWorkers, workersCompile } from './worker-pool.ts';

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

/**
 * Compiles pages on this thread, and on `workers` when given and they compile (else on worker
 * threads of their own when there are many and cores to spare: see `workersCompile`). This
 * thread's code blocks are highlighted by `highlighter`, else by one made here.
 */
export async function compileAll(
  jobs: CompileJob[],
  setup: WorkerSetup,
  highlighter?: CodeHighlighter,
  workers?: BuildWorkers | null,
  /** What is kept of each page as it is compiled (a build writes its body out: see BodySpool). */
  keep: (page: CompiledPage) => CompiledPage = (page) => page,
): Promise<CompiledPage[]> {
  const own =
    !workers && wantsWorkers(jobs.length, setup.highlight) && workersCompile(jobs.length)
      ? BuildWorkers.start({ compile: true, highlight: setup.highlight })
      : null;
  const pool = own ?? (workers?.compiles ? workers : null);
  let h = highlighter;
  const compileHere = async (job: CompileJob) =>
    compileJob(
      job,
      setup,
      setup.highlight ? (h ??= await (await import('../markdown/highlighter.ts')).createCodeHighlighter()) : undefined,
    );
  if (!pool) {
    const out: CompiledPage[] = [];
    for (const job of jobs) out.push(keep(await compileHere(job)));
    return out;
  }
  try {
    pool.setup(setup);
    return await pool.compile(
      jobs,
      async (group) => {
        const pages: CompiledPage[] = [];
        for (const job of group) pages.push(await compileHere(job));
        return pages;
      },
      keep,
    );
  } finally {
    await own?.close();
  }
}
