import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MARKDOWN_LIMITS } from '../markdown/limits.ts';
import type { CompiledPage } from '../markdown/processor.ts';
import type { RenderContext, RenderJob, RenderResult } from '../prerender.ts';
import type { SearchInput, SearchShards } from '../search/build-shards.ts';
import type { CompileJob, WorkerSetup } from './compile-jobs.ts';

/** What the main thread asks of a build worker (build-worker.ts). */
export type WorkerRequest =
  | { type: 'setup'; setup: WorkerSetup }
  | { type: 'compile'; id: number; jobs: CompileJob[] }
  | { type: 'render-setup'; id: number; context: RenderContext; outDir: string }
  | { type: 'render'; id: number; jobs: RenderJob[] }
  | { type: 'index'; id: number; input: SearchInput; outDir: string };

/** The search index made on a worker: its references and sizes; its files are in the output folder. */
export type IndexResult = Omit<SearchShards, 'files'> & { written: number };

/** A build worker's answer to a request with an id. */
export type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string; stack?: string };

/** What a build worker needs from the start, before the content is read. */
export interface WorkerData {
  /** Load the markdown toolchain as soon as the worker starts (a worker that compiles pages). */
  compile: boolean;
  /** And the code highlighter. */
  highlight: boolean;
}

/**
 * The heap limit of a worker that compiles pages: it holds the toolchain and the pages it is
 * working on, and a tight limit makes V8 collect as it goes instead of growing while there is
 * room (the build's peak memory). The light workers make the search index of the whole site
 * and hold its manifest chunks, which grow with the content: they keep V8's default limit.
 */
const COMPILE_WORKER_HEAP_MB = 128;

/**
 * Worker threads a build uses: one per core (at most 4); `VITRINA_DOCS_WORKERS=<n>` sets it, 0
 * for none (and with n ≥ 2, a site of a few pages uses them too).
 */
export function workerCount(): number {
  return workersSet() ? Number(process.env.VITRINA_DOCS_WORKERS) : Math.min(availableParallelism(), 4);
}

/** Whether `VITRINA_DOCS_WORKERS` sets the number of worker threads. */
export function workersSet(): boolean {
  return /^\d+$/.test(process.env.VITRINA_DOCS_WORKERS ?? '');
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

class Slot {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();
  failed: Error | null = null;

  constructor(url: URL, data: WorkerData) {
    this.worker = new Worker(url, {
      workerData: data,
      resourceLimits: data.compile ? { maxOldGenerationSizeMb: COMPILE_WORKER_HEAP_MB } : {},
    });
    this.worker.on('message', (m: WorkerReply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.result);
      else p.reject(Object.assign(new Error(m.message), { stack: m.stack ?? m.message }));
    });
    // The request the worker was on when it stopped (the first sent of those pending) gets the
    // error; the others, queued behind it, are told that they never ran.
    const fail = (e: Error) => {
      this.failed ??= e;
      let first = true;
      for (const p of this.pending.values()) {
        p.reject(first ? Object.assign(e, { stopped: true }) : Object.assign(new Error(e.message), { notRun: true }));
        first = false;
      }
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`a build worker stopped (exit code ${code}) before it was done`)));
  }

  get busy(): number {
    return this.pending.size;
  }
}

let nextId = 1;

/**
 * Worker threads of a build. Those that compile pages are started before the content is read,
 * so that their start-up (the markdown toolchain, the highlighter) overlaps with loading and
 * checking, and are stopped when the pages are compiled (their heaps go with them); others, light
 * ones, then make the search index and draw the HTML. Work is handed out a little at a time, to
 * whichever worker has the least to do, so that every core stays busy to the end whatever the
 * size of the pages.
 */
export class BuildWorkers {
  private readonly slots: Slot[];
  private readonly url: URL;
  private readonly data: WorkerData;
  private setupSent: WorkerSetup | null = null;

  private constructor(url: URL, data: WorkerData, count: number) {
    this.url = url;
    this.data = data;
    this.slots = Array.from({ length: count }, () => new Slot(url, data));
  }

  static start(data: WorkerData, count = Math.max(2, workerCount())): BuildWorkers {
    const self = import.meta.url;
    const url = new URL(self.endsWith('.ts') ? './build-worker-source.mjs' : './build-worker.js', self);
    return new BuildWorkers(url, data, count);
  }

  /** A fresh worker in place of one that stopped (set up like the others). */
  private replace(i: number, dead: Slot): Slot {
    if (this.slots[i] !== dead) return this.slots[i]!;
    dead.worker.removeAllListeners('exit');
    const slot = new Slot(this.url, this.data);
    if (this.setupSent) this.post(slot, { type: 'setup', setup: this.setupSent });
    this.slots[i] = slot;
    return slot;
  }

  get size(): number {
    return this.slots.length;
  }

  private post(slot: Slot, request: WorkerRequest): void {
    slot.worker.postMessage(request);
  }

  private request<T>(slot: Slot, make: (id: number) => WorkerRequest): Promise<T> {
    if (slot.failed) return Promise.reject(slot.failed);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      slot.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.post(slot, make(id));
    });
  }

  /** Sends every worker what the pages of this run are compiled with. */
  setup(setup: WorkerSetup): void {
    this.setupSent = setup;
    for (const slot of this.slots) this.post(slot, { type: 'setup', setup });
  }

  /**
   * Hands `units` out to the workers, at most `queued` at a time to each, the next one to the
   * first worker that answers; `done` receives each answer. Rejects at the first failure.
   */
  private distribute<U, R>(
    units: U[],
    queued: number,
    send: (i: number, unit: U) => Promise<R>,
    done: (unit: U, r: R) => void,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let left = units.length;
      let stopped = false;
      const feed = (i: number) => {
        while (!stopped && units.length && this.slots[i]!.busy < queued) {
          const unit = units.shift()!;
          send(i, unit).then(
            (r) => {
              if (stopped) return;
              done(unit, r);
              if (--left === 0) resolve();
              else feed(i);
            },
            (e: Error) => {
              stopped = true;
              reject(e);
            },
          );
        }
      };
      if (left === 0) resolve();
      this.slots.forEach((_, i) => feed(i));
    });
  }

  /**
   * Compiles a group of pages on worker `i`. When the worker stops on it (out of memory on a
   * page past every limit, or a crash), a fresh worker takes its place: a group of one page
   * gets that page's error, a larger one is compiled again a page at a time to find the page.
   * A group that was only queued behind it is sent again.
   */
  private async compileGroup(i: number, group: CompileJob[]): Promise<CompiledPage[]> {
    const slot = this.slots[i]!;
    try {
      return await this.request<CompiledPage[]>(slot, (id) => ({ type: 'compile', id, jobs: group }));
    } catch (e) {
      if (!slot.failed) throw e;
      this.replace(i, slot);
      if ((e as { notRun?: boolean }).notRun) return this.compileGroup(i, group);
      if (group.length > 1) {
        const pages: CompiledPage[] = [];
        for (const job of group) pages.push(...(await this.compileGroup(i, [job])));
        return pages;
      }
      const { failedPage } = await import('../markdown/processor.ts');
      return [
        failedPage(group[0]!.file, {
          line: 1,
          column: 1,
          code: 'compile-failed',
          message: `compiling the page stopped its worker (${(e as Error).message}): a page may use ${COMPILE_WORKER_HEAP_MB} MB; keep it within ${MARKDOWN_LIMITS.pageBytes / 1024} KB and simpler`,
        }),
      ];
    }
  }

  /**
   * Compiles pages, in the order given back. The two pages of a translation pair go to the same
   * worker (their code blocks are highlighted once), the largest first (the last to finish are
   * then small ones); each worker has at most two groups queued.
   */
  async compile(jobs: readonly CompileJob[]): Promise<CompiledPage[]> {
    const groups = new Map<string, number[]>();
    jobs.forEach((job, i) => {
      const pair = job.file.replace(/\.[a-z]{2}\.md$/, '');
      const g = groups.get(pair);
      if (g) g.push(i);
      else groups.set(pair, [i]);
    });
    const size = (g: number[]) => g.reduce((n, i) => n + jobs[i]!.source.length, 0);
    const queue = [...groups.values()].sort((a, b) => size(b) - size(a));
    const out = new Array<CompiledPage>(jobs.length);
    await this.distribute(
      queue,
      2,
      (i, group) =>
        this.compileGroup(
          i,
          group.map((k) => jobs[k]!),
        ),
      (group, pages) => group.forEach((i, k) => (out[i] = pages[k]!)),
    );
    return out;
  }

  /** Makes the search index on the least busy worker, which writes its files into `outDir`. */
  index(input: SearchInput, outDir: string): Promise<IndexResult> {
    const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    return this.request<IndexResult>(slot, (id) => ({ type: 'index', id, input, outDir }));
  }

  /** Draws HTML files with the renderer, each worker writing what it draws into `outDir`. */
  async render(context: RenderContext, jobs: readonly RenderJob[], outDir: string): Promise<RenderResult> {
    await Promise.all(this.slots.map((slot) => this.request(slot, (id) => ({ type: 'render-setup', id, context, outDir }))));
    const BATCH = 8;
    const batches: RenderJob[][] = [];
    for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
    const result: RenderResult = { written: 0, failures: [] };
    await this.distribute(
      batches,
      2,
      (i, batch) => this.request<RenderResult>(this.slots[i]!, (id) => ({ type: 'render', id, jobs: batch })),
      (_, r) => {
        result.written += r.written;
        result.failures.push(...r.failures);
      },
    );
    return result;
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await Promise.all(
      this.slots.map((s) => {
        s.worker.removeAllListeners('exit');
        s.worker.on('exit', () => {});
        return s.worker.terminate();
      }),
    );
  }
}
