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

parentPort!.on('message', async (jobs: CompileJob[]) => {
  if (setup.highlight && !highlighter) highlighter = await createCodeHighlighter();
  const results = [];
  for (const job of jobs) results.push(await compilePage(job.source, compileOptions(job, setup, highlighter)));
  parentPort!.postMessage(results);
});
