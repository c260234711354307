/**
 * A worker thread that compiles pages: the parser is the slow part of a cold build, and pages
 * are independent of each other, so they are spread over the machine's cores.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter, type CodeHighlighter } from '../markdown/highlighter.ts';
import { compilePage } from '../markdown/processor.ts';
import type { CompileJob, WorkerSetup } from './compile-jobs.ts';
import { compileOptions } from './compile-jobs.ts';

const setup = workerData as WorkerSetup;
let highlighter: CodeHighlighter | undefined;

// Each page goes back as soon as it is compiled (`[position, page]`, then `null` when all are):
// the worker keeps nothing, so its heap stays at the size of one page's work.
parentPort!.on('message', async (jobs: CompileJob[]) => {
  if (setup.highlight && !highlighter) highlighter = await createCodeHighlighter();
  for (let i = 0; i < jobs.length; i++)
    parentPort!.postMessage([i, await compilePage(jobs[i]!.source, compileOptions(jobs[i]!, setup, highlighter))]);
  parentPort!.postMessage(null);
});
