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
import { codeKey, type CodeHighlighter, type HighlightedCode, type LocalCodeHighlighter } from '../markdown/highlighter.ts';
import type { FencedCode } from '../markdown/scan-fences.ts';
import type { RenderContext, RenderJob } from '../prerender.ts';
import type { CompileJob, WorkerSetup } from './compile-jobs.ts';
import type { SearchInput } from '../search/build-shards.ts';
import type { HighlightedPush, IndexResult, WorkerData, WorkerPush, WorkerReply, WorkerRequest } from './worker-pool.ts';

const data = workerData as WorkerData;

const loadHighlighter = () => import('../markdown/highlighter.ts').then((m) => m.createCodeHighlighter());
let highlighter: Promise<LocalCodeHighlighter> | null = null;
if (data.highlight === true) {
  highlighter = loadHighlighter();
  // An error is reported with the first request that needs it.
  highlighter.catch(() => {});
}

/**
 * A highlighter of pages whose code came highlighted with them (`highlight: 'sent'`): Shiki is
 * loaded only for a block that did not.
 */
function sentFirst(sent: ReadonlyMap<string, HighlightedCode>): CodeHighlighter {
  return {
    highlight(lang, code) {
      return sent.get(codeKey(lang, code)) ?? (highlighter ??= loadHighlighter()).then((h) => h.highlight(lang, code));
    },
  };
}

const loadToolchain = async () => {
  const [{ compileJob }, h] = await Promise.all([
    import('./compile-jobs.ts'),
    data.highlight === true ? (highlighter ??= loadHighlighter()) : undefined,
    import('../markdown/processor.ts'),
  ]);
  return { compileJob, highlighter: h };
};
let toolchain: ReturnType<typeof loadToolchain> | null = null;
if (data.compile) {
  toolchain = loadToolchain();
  toolchain.catch(() => {});
}

/** Blocks sent ahead of time, highlighted a few at a time so that a block asked for now goes first. */
const prefetched: FencedCode[] = [];
let pumping = false;
/** Work that waits until the blocks sent ahead are highlighted. */
let drained: Promise<void> = Promise.resolve();
let drain: () => void = () => {};

async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  drained = new Promise((r) => (drain = r));
  try {
    const h = await (highlighter ??= loadHighlighter());
    while (prefetched.length) {
      const batch = prefetched.splice(0, 8);
      const push: HighlightedPush = { type: 'highlighted', results: [] };
      for (const b of batch) {
        try {
          push.results.push([codeKey(b.lang, b.code), await h.highlight(b.lang, b.code)]);
        } catch (e) {
          push.results.push([codeKey(b.lang, b.code), { error: (e as Error).message }]);
        }
      }
      parentPort!.postMessage(push);
      await new Promise((r) => setImmediate(r));
    }
  } catch (e) {
    const push: HighlightedPush = {
      type: 'highlighted',
      results: prefetched.splice(0).map((b) => [codeKey(b.lang, b.code), { error: (e as Error).message }]),
    };
    parentPort!.postMessage(push);
  } finally {
    pumping = false;
    // Every block of the build's pages was sent ahead: the pages this thread compiles from now on
    // find theirs among those highlighted, and Shiki's memory can go before the build's peak.
    if (!prefetched.length)
      void highlighter?.then(
        (h) => h.release(),
        () => {},
      );
    drain();
    const done: WorkerPush = { type: 'drained' };
    parentPort!.postMessage(done);
  }
}

async function validateOpenApi(raw: Record<string, unknown>) {
  await drained;
  const { validateDescription } = await import('../openapi/load-openapi.ts');
  return validateDescription(raw);
}

async function highlightNow(blocks: FencedCode[]) {
  const h = await (highlighter ??= loadHighlighter());
  const out = [];
  for (const b of blocks) out.push(await h.highlight(b.lang, b.code));
  return out;
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

async function compile(jobs: CompileJob[], highlighted: [string, HighlightedCode][] = []) {
  const { compileJob, highlighter } = await (toolchain ??= loadToolchain());
  if (!setup) throw new Error('build worker: compile before setup');
  const h = data.highlight === 'sent' ? sentFirst(new Map(highlighted)) : highlighter;
  const pages = [];
  for (const job of jobs) pages.push(await compileJob(job, setup, h));
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
  return { refs, sizes, written: files.size };
}

async function renderJobs(jobs: RenderJob[]) {
  const { renderRoutes } = await import('../prerender.ts');
  if (!render) throw new Error('build worker: render before render-setup');
  const { context, outDir } = await render;
  return renderRoutes(context, jobs, (file, html) => writeInto(outDir, file, html));
}

function handle(m: Exclude<WorkerRequest, { type: 'setup' | 'prefetch' }>): Promise<unknown> {
  switch (m.type) {
    case 'compile':
      return compile(m.jobs, m.highlighted);
    case 'load-renderer':
      return import('../prerender.ts').then(({ loadServer }) => loadServer(m.server)).then(() => null);
    case 'render-setup':
      return renderSetup(m.context, m.outDir);
    case 'render':
      return renderJobs(m.jobs);
    case 'index':
      return index(m.input, m.outDir);
    case 'highlight':
      return highlightNow(m.blocks);
    case 'validate-openapi':
      return validateOpenApi(m.raw);
  }
}

parentPort!.on('message', (m: WorkerRequest) => {
  if (m.type === 'setup') {
    setup = m.setup;
    return;
  }
  if (m.type === 'prefetch') {
    prefetched.push(...m.blocks);
    void pump();
    return;
  }
  const reply = (r: WorkerReply) => parentPort!.postMessage(r);
  handle(m).then(
    (result) => reply({ id: m.id, ok: true, result }),
    (e: Error) => reply({ id: m.id, ok: false, message: e.message, stack: e.stack }),
  );
});
