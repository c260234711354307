/**
 * A build worker thread. Pages are independent of each other, and compiling them (the markdown
 * parser, the code highlighter) and drawing their HTML are most of a build's work, so they are
 * spread over the machine's cores. The worker loads its toolchain as soon as it starts, while
 * the main thread is still reading and checking the content, and keeps nothing of a page once
 * it has answered.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { CodeHighlighter } from '../markdown/highlighter.ts';
import type { RenderContext, RenderJob } from '../prerender.ts';
import type { CompileJob, WorkerSetup } from './compile-jobs.ts';
import type { SearchInput } from '../search/build-shards.ts';
import type { IndexResult, WorkerData, WorkerReply, WorkerRequest } from './worker-pool.ts';

const data = workerData as WorkerData;

const loadToolchain = async () => {
  const [{ compileJob }, highlighter] = await Promise.all([
    import('./compile-jobs.ts'),
    data.highlight ? import('../markdown/highlighter.ts').then((m) => m.createCodeHighlighter()) : undefined,
    import('../markdown/processor.ts'),
  ]);
  return { compileJob, highlighter: highlighter as CodeHighlighter | undefined };
};
let toolchain: ReturnType<typeof loadToolchain> | null = null;
if (data.compile) {
  toolchain = loadToolchain();
  // An error is reported with the first request that needs it.
  toolchain.catch(() => {});
}

async function validateOpenApi(raw: Record<string, unknown>) {
  const { validateDescription } = await import('../openapi/load-openapi.ts');
  return validateDescription(raw);
}

let setup: WorkerSetup | null = null;
let render: Promise<{ context: RenderContext; outDir: string }> | null = null;
const dirs = new Set<string>();

/** Writes a file into the output folder (its folders made once). */
function writeInto(outDir: string, file: string, data: string): void {
  const abs = join(outDir, file);
  const dir = dirname(abs);
  if (!dirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    dirs.add(dir);
  }
  writeFileSync(abs, data);
}

async function compile(jobs: CompileJob[]) {
  const { compileJob, highlighter } = await (toolchain ??= loadToolchain());
  if (!setup) throw new Error('build worker: compile before setup');
  const pages = [];
  for (const job of jobs) pages.push(await compileJob(job, setup, highlighter));
  return pages;
}

async function renderSetup(context: RenderContext, outDir: string) {
  render = import('../prerender.ts').then(async ({ loadServer }) => {
    await loadServer(context.server);
    return { context, outDir };
  });
  await render;
  return null;
}

async function index(input: SearchInput, outDir: string): Promise<IndexResult> {
  const { buildSearchIndex } = await import('../search/build-shards.ts');
  const { files, refs, sizes } = buildSearchIndex(input);
  for (const [path, text] of files) writeInto(outDir, path, text);
  return { refs, sizes, written: files.size, paths: [...files.keys()] };
}

async function renderJobs(jobs: RenderJob[]) {
  const { renderRoutes } = await import('../prerender.ts');
  if (!render) throw new Error('build worker: render before render-setup');
  const { context, outDir } = await render;
  return renderRoutes(context, jobs, (file, html) => writeInto(outDir, file, html));
}

function handle(m: Exclude<WorkerRequest, { type: 'setup' }>): Promise<unknown> {
  switch (m.type) {
    case 'compile':
      return compile(m.jobs);
    case 'load-renderer':
      return import('../prerender.ts').then(({ loadServer }) => loadServer(m.server)).then(() => null);
    case 'render-setup':
      return renderSetup(m.context, m.outDir);
    case 'render':
      return renderJobs(m.jobs);
    case 'index':
      return index(m.input, m.outDir);
    case 'validate-openapi':
      return validateOpenApi(m.raw);
  }
}

parentPort!.on('message', (m: WorkerRequest) => {
  if (m.type === 'setup') {
    setup = m.setup;
    return;
  }
  const reply = (r: WorkerReply) => parentPort!.postMessage(r);
  handle(m).then(
    (result) => reply({ id: m.id, ok: true, result }),
    (e: Error) => reply({ id: m.id, ok: false, message: e.message, stack: e.stack }),
  );
});
