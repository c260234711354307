import { Worker } from 'node:worker_threads';
import type { RunOptions, RunResult } from '../build.ts';
import { YOUNG_GENERATION_MB } from './worker-pool.ts';

/**
 * runPipeline on a thread of its own, whose young generation (where new objects are made) is
 * YOUNG_GENERATION_MB, as on the build's worker threads. The main thread's is sized by V8 at
 * start-up (twice that here) and cannot be changed once Node runs; on it, a build peaked at
 * about 35 MB more memory, in the same time.
 */
export function runPipelineOnThread(options: RunOptions): Promise<RunResult> {
  const self = import.meta.url;
  const url = new URL(self.endsWith('.ts') ? './pipeline-thread-source.mjs' : './pipeline-thread.js', self);
  const thread = new Worker(url, { workerData: options, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  return new Promise((resolve, reject) => {
    let result: RunResult | null = null;
    thread.once('message', (r: RunResult) => (result = r));
    thread.once('error', reject);
    thread.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`the build stopped (exit code ${code}) before it was done`)),
    );
  });
}
