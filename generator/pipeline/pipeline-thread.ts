/**
 * The thread a `build` runs its pipeline on (started by runPipelineOnThread): the main thread
 * only waits for it, so that the pipeline's heap can be given a young generation of its own size.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runPipeline, type RunOptions } from '../build.ts';

parentPort!.postMessage(await runPipeline(workerData as RunOptions));
