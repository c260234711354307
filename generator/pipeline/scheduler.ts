/**
 * Where each stage of a run goes: this thread or the build's worker threads. The stages know
 * nothing of threads: each takes a function that does its work (compile pages, validate an
 * OpenAPI description, make the search index, draw the HTML), and a run's Scheduler hands out
 * the ones that spread that work over the cores. It also decides when threads are renewed, so
 * that the heap of a stage goes with its threads:
 *
 * - from the start, before the content is read, the threads load the markdown toolchain (when
 *   they compile) while this thread reads and checks the content; they compile pages beside it
 *   and validate the OpenAPI descriptions between them;
 * - a build's search index is made on a fresh thread (the compile heaps gone), while this thread
 *   puts the pages together;
 * - fresh threads then load the renderer, and draw the HTML with this thread.
 */
import { compileAll, type CompilePages, type KeepPage } from './compile-jobs.ts';
import type { CodeHighlighter } from '../markdown/highlighter.ts';
import type { CompiledPage } from '../markdown/processor.ts';
import type { DescriptionValidity } from '../openapi/load-openapi.ts';
import { renderRoutes, type DrawPages, type HtmlOutput, type RenderJob, type RenderResult } from '../prerender.ts';
import type { SearchInput, SearchShards } from '../search/build-shards.ts';
import { BuildWorkers, workerCount, workersSet } from './worker-pool.ts';

/**
 * Whether a run of `pages` pages uses worker threads. A build (`highlight`) uses them from two
 * cores on: besides the pages they may compile (see `workersCompile`), they check the OpenAPI
 * descriptions, make the search index and draw a share of the HTML. Validation, which only
 * parses and checks, uses them when they compile: a worker for the OpenAPI check alone made it
 * no faster. `VITRINA_DOCS_WORKERS` decides when set (and then a site of a few pages uses them
 * too).
 */
export function wantsWorkers(pages: number, highlight: boolean): boolean {
  if (workersSet()) return workerCount() >= 1;
  if (pages < MIN_PAGES_FOR_WORKERS || workerCount() < 1) return false;
  return highlight || workersCompile(pages);
}

/**
 * Whether the workers of a run of `pages` pages compile pages too: from two workers on (three
 * cores, or `VITRINA_DOCS_WORKERS` ≥ 2), and with one (two cores) from COMPILE_WORKER_MIN_PAGES
 * pages on. Otherwise this thread compiles every page, and the worker does the rest of a build's
 * work beside it: the OpenAPI check, the search index, a share of the HTML.
 */
export function workersCompile(pages: number): boolean {
  const workers = workerCount();
  return workers >= 2 || (workers === 1 && pages >= COMPILE_WORKER_MIN_PAGES);
}

/**
 * With one worker (two cores), it compiles pages only from this many on. A thread that compiles
 * is not alone on the machine: V8 optimises its hot code and collects its garbage on background
 * threads, on the other core, and a second compiling thread takes that core from them. With V8's
 * optimising compiler made cheaper for a batch run (see v8-flags.ts), a compiling worker made a
 * clean build of this site's 386 pages 0.2 s faster (4.48 s against 4.68 s, 4 interleaved
 * rounds) and of 140 of them no faster or slower (2.0 s), for 0.5 to 1 s more CPU; with V8's
 * defaults it made the 386 pages 0.3 s slower.
 */
export const COMPILE_WORKER_MIN_PAGES = 200;

/** Below this many pages a worker's start-up costs more than it saves. */
export const MIN_PAGES_FOR_WORKERS = 24;

/** A search index: its references, sizes and the paths of its files in the output. */
export type SearchIndexFiles = Omit<SearchShards, 'files'> & { paths: string[] };

/** A search index being made: its references, sizes and paths once its files are written. */
export type Indexing = Promise<SearchIndexFiles>;

/** Compiles pages on `pool` and on this thread (its highlighter made once, when needed). */
async function compileOn(pool: BuildWorkers, ...[jobs, setup, highlighter, keep]: Parameters<CompilePages>): Promise<CompiledPage[]> {
  let h: CodeHighlighter | undefined = highlighter;
  const here = async (group: typeof jobs) => {
    if (setup.highlight) h ??= await (await import('../markdown/highlighter.ts')).createCodeHighlighter();
    return compileAll(group, setup, h);
  };
  pool.setup(setup);
  return pool.compile(jobs, here, keep);
}

/**
 * Compiles pages where a run without threads of its own would: on worker threads started for
 * them when there are many and cores to spare (see `workersCompile`), else on this thread.
 */
export const compileOnThreads: CompilePages = async (jobs, setup, highlighter, keep) => {
  if (!wantsWorkers(jobs.length, setup.highlight) || !workersCompile(jobs.length)) return compileAll(jobs, setup, highlighter, keep);
  const own = BuildWorkers.start({ compile: true, highlight: setup.highlight });
  try {
    return await compileOn(own, jobs, setup, highlighter, keep);
  } finally {
    await own.close();
  }
};

export class Scheduler {
  private renewing: Promise<void> = Promise.resolve();
  private stopped = false;

  private constructor(private pool: BuildWorkers | null) {}

  /**
   * The scheduler of a run of about `pages` pages (null: a check of a few changed files, which
   * starts no threads of its own); a build (`build`) highlights code and uses threads for more
   * of its stages. Its threads start now, so that they load what they need while the content is read.
   */
  static forRun(pages: number | null, build: boolean): Scheduler {
    if (pages === null || !wantsWorkers(pages, build)) return new Scheduler(null);
    const compile = workersCompile(pages);
    return new Scheduler(BuildWorkers.start({ compile, highlight: build && compile }));
  }

  /** transform: the pages, on the threads that compile and on this one; else as compileOnThreads decides. */
  readonly compile: CompilePages = (jobs, setup, highlighter, keep: KeepPage) => {
    if (!this.pool) return compileOnThreads(jobs, setup, highlighter, keep);
    if (!this.pool.compiles) return compileAll(jobs, setup, highlighter, keep);
    return compileOn(this.pool, jobs, setup, highlighter, keep);
  };

  /** The OpenAPI check against the specification's schema, on the first thread (between the pages it compiles); undefined: here. */
  validateOpenApi(): ((raw: Record<string, unknown>) => Promise<DescriptionValidity>) | undefined {
    const pool = this.pool;
    return pool ? (raw) => pool.validateOpenApi(raw) : undefined;
  }

  /**
   * index: starts making the search index, its files written into `output`; on a fresh thread
   * when there are threads (the compile heaps go with the old ones), which, once it is done,
   * give way to fresh ones that load the renderer's `server` entry (null: no HTML to draw).
   * Resolves once the work is handed out, with the index being made. An index `kept` from the
   * previous output is not made again (the threads are renewed all the same).
   */
  async index(input: SearchInput, output: HtmlOutput, server: string | null, kept?: SearchIndexFiles): Promise<{ shards: Indexing }> {
    if (this.pool) await this.renew(null);
    const pool = this.pool;
    const shards: Indexing = kept
      ? Promise.resolve(kept)
      : pool
        ? pool.index(input, output.dir).then(({ written, ...rest }) => {
            output.added(written);
            return rest;
          })
        : import('../search/build-shards.ts').then(({ buildSearchIndex }) => {
            const { files, ...rest } = buildSearchIndex(input);
            for (const [path, text] of files) output.write(path, text);
            return { ...rest, paths: [...files.keys()] };
          });
    // (An error is reported where the index is awaited.)
    shards.catch(() => {});
    if (pool)
      this.renewing = shards.then(
        () => (this.stopped ? undefined : this.renew(server)),
        () => {},
      );
    return { shards };
  }

  /** prerender: the HTML, on the threads that loaded the renderer and on this one. */
  readonly draw: DrawPages = async (context, jobs, output) => {
    await this.renewing;
    const pool = this.pool;
    if (!pool) return renderRoutes(context, jobs, (file, html) => output.write(file, html));
    // What this thread draws goes through `output.write`; the threads write into `output.dir`.
    let here = 0;
    const drawHere = async (batch: RenderJob[]): Promise<RenderResult> => {
      const r = await renderRoutes(context, batch, (file, html) => output.write(file, html));
      here += r.written;
      return r;
    };
    const result = await pool.render(context, jobs, output.dir, drawHere);
    output.added(result.written - here);
    return result;
  };

  /** The threads go (their heaps with them) and fresh ones start; with `server`, they load the renderer. */
  private async renew(server: string | null): Promise<void> {
    await this.pool?.close();
    this.pool = BuildWorkers.start({ compile: false, highlight: false });
    if (server) this.pool.loadRenderer(server);
  }

  /** Stops the threads (once a renewal under way is done): none writes anything after this. */
  async close(): Promise<void> {
    this.stopped = true;
    await this.renewing;
    await this.pool?.close();
    this.pool = null;
  }
}
