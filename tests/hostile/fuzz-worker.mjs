// Compiles markdown for the fuzz test on a worker thread, so that an input that hangs can be
// stopped (the test terminates the worker) and named, instead of hanging the test run.
import { parentPort } from 'node:worker_threads';
import { registerSourceMode } from '../../generator/pipeline/source-mode.mjs';

registerSourceMode();
const { compileMarkdown } = await import('../../generator/markdown/processor.ts');

parentPort.on('message', async ({ id, source }) => {
  try {
    const { body, diagnostics } = await compileMarkdown(source);
    parentPort.postMessage({ id, diagnostics, bodyBytes: JSON.stringify(body).length });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
parentPort.postMessage({ ready: true });
