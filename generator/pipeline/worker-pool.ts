import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MARKDOWN_LIMITS } from '../markdown/limits.ts';
import type { CompiledPage } from '../markdown/processor.ts';
import type { DescriptionValidity } from '../openapi/load-openapi.ts';
import type { RenderContext, RenderJob, RenderResult } from '../prerender.ts';
import type { SearchInput, SearchShards } from '../search/build-shards.ts';
import type { CompileJob, WorkerSetup } from './compile-jobs.ts';

/** What the main thread asks of a build worker (build-worker.ts). */
export type WorkerRequest =
  | { type: 'setup'; setup: WorkerSetup }
  | { type: 'compile'; id: number; jobs: CompileJob[] }
  | { type: 'validate-openapi'; id: number; raw: Record<string, unknown> }
  | { type: 'load-renderer'; id: number; server: string }
  | { type: 'render-setup'; id: number; context: RenderContext; outDir: string }
  | { type: 'render'; id: number; jobs: RenderJob[] }
  | { type: 'index'; id: number; input: SearchInput; outDir: string };

/** The search index made on a worker: its references and sizes; its files are in the output folder. */
export type IndexResult = Omit<SearchShards, 'files'> & { written: number; paths: string[] };

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
 * room (the build's peak memory). The workers that make the search index or draw the HTML keep
 * V8's default limit.
 */
const COMPILE_WORKER_HEAP_MB = 128;

/**
 * The young generation of a build's threads (where new objects are made), in MB: half of V8's
 * own on 64-bit systems. A build makes many short-lived objects and keeps few; with the larger
 * one its clean build peaked at about 35 MB more memory, in the same time.
 */
export const YOUNG_GENERATION_MB = 24;

/**
 * Worker threads a build uses beside its main thread, which compiles and draws pages too: one
 * per further core (at most 3); `VITRINA_DOCS_WORKERS=<n>` sets it, 0 for none (and with n ≥ 1,
 * a site of a few pages uses them too). A thread more than there are cores costs more than it
 * brings: each loads the toolchain and warms it up on its own.
 */
export function workerCount(): number {
  return workersSet() ? Number(process.env.VITRINA_DOCS_WORKERS) : Math.min(availableParallelism(), 4) - 1;
}

/** Whether `VITRINA_DOCS_WORKERS` sets the number of worker threads. */
export function workersSet(): boolean {
  return /^\d+$/.test(process.env.VITRINA_DOCS_WORKERS ?? '');
}

/**
 * Pages in the order a build hands them out: by translation pair (one unit of work, so that a
 * worker is asked half as often), the largest pairs first, so that no large page is left for the
 * end; the workers take from the front, the main thread from the back. Indexes into `pages`.
 */
export function compileQueue(pages: readonly { file: string; source: string }[]): number[][] {
  const groups = new Map<string, number[]>();
  pages.forEach((page, i) => {
    const pair = page.file.replace(/\.[a-z]{2}\.md$/, '');
    const g = groups.get(pair);
    if (g) g.push(i);
    else groups.set(pair, [i]);
  });
  const size = (g: number[]) => g.reduce((n, i) => n + pages[i]!.source.length, 0);
  return [...groups.values()].sort((a, b) => size(b) - size(a));
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
      resourceLimits: {
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
        ...(data.compile ? { maxOldGenerationSizeMb: COMPILE_WORKER_HEAP_MB } : {}),
      },
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
 * Worker threads of a build. The first pool is started before the content is read, so that its
 * start-up (the markdown toolchain and the highlighter, when they compile) overlaps with loading
 * and checking. The main thread compiles pages itself, and so do the workers when they compile
 * (see `workersCompile`), each with its own highlighter; the first one validates the OpenAPI
 * descriptions too. A build then starts fresh pools, so that those heaps are returned: one whose
 * first worker makes the search index, then one that draws the HTML beside the main thread. Work
 * is handed out a little at a time, to whichever thread has the least to do, so that every core
 * stays busy to the end whatever the size of the pages.
 */
export class BuildWorkers {
  private readonly slots: Slot[];
  private readonly url: URL;
  private readonly data: WorkerData;
  private setupSent: WorkerSetup | null = null;

  /** Whether the workers compile pages (see `workersCompile`). */
  get compiles(): boolean {
    return this.data.compile;
  }

  private constructor(url: URL, data: WorkerData, count: number) {
    this.url = url;
    this.data = data;
    this.slots = Array.from({ length: count }, () => new Slot(url, data));
  }

  static start(data: WorkerData, count = Math.max(1, workerCount())): BuildWorkers {
    const self = import.meta.url;
    const url = new URL(self.endsWith('.ts') ? './build-worker-source.mjs' : './build-worker.js', self);
    return new BuildWorkers(url, data, count);
  }

  /** A fresh worker in place of one that stopped (set up like the others). */
  private replace(i: number, dead: Slot): Slot {
    if (this.slots[i] !== dead) return this.slots[i]!;
    dead.worker.removeAllListeners('exit');
    dead.worker.removeAllListeners('error');
    dead.worker.on('error', () => {});
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
   * first worker that answers; `done` receives each answer. With `local`, this thread works
   * through the queue too, between the workers' answers, from the back (the workers take from
   * the front). Rejects at the first failure.
   */
  private distribute<U, R>(
    units: U[],
    queued: number,
    send: (i: number, unit: U) => Promise<R>,
    done: (unit: U, r: R) => void,
    local?: (unit: U) => Promise<R>,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let left = units.length;
      let stopped = false;
      const finish = (unit: U, r: R) => {
        if (stopped) return false;
        done(unit, r);
        if (--left === 0) resolve();
        return left > 0;
      };
      const fail = (e: Error) => {
        stopped = true;
        reject(e);
      };
      const feed = (i: number) => {
        while (!stopped && units.length && this.slots[i]!.busy < queued) {
          const unit = units.shift()!;
          send(i, unit).then((r) => finish(unit, r) && feed(i), fail);
        }
      };
      const feedAll = () => this.slots.forEach((_, i) => feed(i));
      // This thread's share: one unit at a time, letting the workers' answers in between (they
      // arrive as events, which a chain of promises alone would hold back).
      const work = async () => {
        for (;;) {
          await new Promise((r) => setImmediate(r));
          if (stopped || !units.length) return;
          const unit = units.pop()!;
          if (!finish(unit, await local!(unit))) return;
          feedAll();
        }
      };
      if (left === 0) return resolve();
      feedAll();
      if (local) work().catch(fail);
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
   * thread, the largest first (the last to finish are then small ones); each worker has at most
   * two groups queued. With `local`, this thread compiles pages too, the smallest first.
   */
  async compile(
    jobs: readonly CompileJob[],
    local?: (jobs: CompileJob[]) => Promise<CompiledPage[]>,
    keep: (page: CompiledPage) => CompiledPage = (page) => page,
  ): Promise<CompiledPage[]> {
    const queue = compileQueue(jobs);
    const out = new Array<CompiledPage>(jobs.length);
    const pick = (group: number[]) => group.map((k) => jobs[k]!);
    await this.distribute(
      queue,
      2,
      (i, group) => this.compileGroup(i, pick(group)),
      (group, pages) => group.forEach((i, k) => (out[i] = keep(pages[k]!))),
      local && ((group) => local(pick(group))),
    );
    return out;
  }

  /**
   * Validates an OpenAPI description against the specification's JSON Schema on the first
   * worker, between the pages it compiles (the result is needed only when they are all compiled).
   */
  validateOpenApi(raw: Record<string, unknown>): Promise<DescriptionValidity> {
    return this.request<DescriptionValidity>(this.slots[0]!, (id) => ({ type: 'validate-openapi', id, raw }));
  }

  /** Makes the search index on the first worker, which writes its files into `outDir`. */
  index(input: SearchInput, outDir: string): Promise<IndexResult> {
    return this.request<IndexResult>(this.slots[0]!, (id) => ({ type: 'index', id, input, outDir }));
  }

  /**
   * Loads the renderer's server entry on every worker (after what they were asked before), so
   * that it is ready when the pages are drawn.
   */
  loadRenderer(server: string): void {
    for (const slot of this.slots) this.request(slot, (id) => ({ type: 'load-renderer', id, server })).catch(() => {});
  }

  /**
   * Draws HTML files with the renderer, each worker writing what it draws into `outDir`; with
   * `local`, this thread draws a share too.
   */
  async render(
    context: RenderContext,
    jobs: readonly RenderJob[],
    outDir: string,
    local?: (jobs: RenderJob[]) => Promise<RenderResult>,
  ): Promise<RenderResult> {
    // (A worker draws its first batch as soon as the renderer is loaded there, while this thread draws.)
    const setups = this.slots.map((slot) => this.request(slot, (id) => ({ type: 'render-setup', id, context, outDir })));
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
      local,
    );
    await Promise.all(setups);
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
