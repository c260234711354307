import type { Facts, LocaleCode } from '@vitrina-docs/schemas';
import type { CodeHighlighter } from '../markdown/highlighter.ts';
import type { CompiledPage, CompileOptions } from '../markdown/processor.ts';
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

/** What is kept of each page as it is compiled (a build writes its body out: see BodySpool). */
export type KeepPage = (page: CompiledPage) => CompiledPage;

/**
 * Compiles pages, in the order given, each highlighted by `highlighter` when given and setup
 * asks for it. Where they are compiled (this thread or worker threads) is the caller's choice:
 * `compileAll` compiles on this thread; a run's Scheduler (scheduler.ts) spreads them.
 */
export type CompilePages = (
  jobs: CompileJob[],
  setup: WorkerSetup,
  highlighter: CodeHighlighter | undefined,
  keep: KeepPage,
) => Promise<CompiledPage[]>;

/** Compiles pages on this thread, one after the other (the highlighter made here when none is given). */
export const compileAll = async (
  jobs: CompileJob[],
  setup: WorkerSetup,
  highlighter?: CodeHighlighter,
  keep: KeepPage = (page) => page,
): Promise<CompiledPage[]> => {
  let h = highlighter;
  if (setup.highlight && jobs.length) h ??= await (await import('../markdown/highlighter.ts')).createCodeHighlighter();
  const out: CompiledPage[] = [];
  for (const job of jobs) out.push(keep(await compileJob(job, setup, h)));
  return out;
};
