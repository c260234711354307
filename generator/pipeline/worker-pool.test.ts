import { afterAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter } from '../markdown/highlighter.ts';
import { scanFences } from '../markdown/scan-fences.ts';
import { compileJob, type CompileJob, type WorkerSetup } from './compile-jobs.ts';
import { BuildWorkers } from './worker-pool.ts';

describe("BuildWorkers: the main thread's code highlighted on a worker", () => {
  const pool = BuildWorkers.start({ compile: true, highlight: true }, 1);
  afterAll(() => pool.close());

  it('gives the same blocks as highlighting here, whether they were sent ahead or are asked for when needed', async () => {
    const here = await createCodeHighlighter();
    const remote = pool.highlighter();
    const ahead = { lang: 'json', code: '{"visit_id": 42, "status": "done"}' };
    const late = { lang: 'bash', code: 'curl -s https://api.vitrina.example/api/v1.5/visits' };
    remote.prefetch([ahead, ahead]);
    const [a, b] = await Promise.all([remote.highlight(ahead.lang, ahead.code), remote.highlight(late.lang, late.code)]);
    expect(a).toEqual(await here.highlight(ahead.lang, ahead.code));
    expect(b).toEqual(await here.highlight(late.lang, late.code));
    expect(Object.keys(a.classes).length).toBeGreaterThan(0);
    // The same block is the same answer (a translation pair shares its code).
    expect(await remote.highlight(ahead.lang, ahead.code)).toBe(a);
  });

  it('highlights a block asked for after it has highlighted all it was sent ahead (and let go of Shiki)', async () => {
    const here = await createCodeHighlighter();
    const remote = pool.highlighter();
    const ahead = { lang: 'yaml', code: 'visit:\n  id: 42\n  status: done' };
    remote.prefetch([ahead]);
    expect(await remote.highlight(ahead.lang, ahead.code)).toEqual(await here.highlight(ahead.lang, ahead.code));
    // (The worker validates OpenAPI only once the blocks sent ahead are done: then it has let go.)
    await pool.validateOpenApi({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} });
    const late = { lang: 'python', code: 'visit = client.visits.get(42)\nprint(visit.status)' };
    expect(await remote.highlight(late.lang, late.code)).toEqual(await here.highlight(late.lang, late.code));
  });

  it('validates an OpenAPI description there, and reports what is wrong with it', async () => {
    const valid = await pool.validateOpenApi({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} });
    expect(valid).toEqual({ valid: true, errors: [] });
    const invalid = await pool.validateOpenApi({ openapi: '3.1.0', info: { title: 'T' }, paths: {} });
    expect(invalid.valid).toBe(false);
    expect(JSON.stringify(invalid.errors)).toMatch(/version/);
    // Validated together (with one validator), each gets its own answer.
    const [a, b] = await Promise.all([
      pool.validateOpenApi({ openapi: '3.1.0', info: { title: 'T' }, paths: {} }),
      pool.validateOpenApi({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} }),
    ]);
    expect([a.valid, b.valid]).toEqual([false, true]);
  });

  it('fails the blocks still on their way when the workers stop, rather than keep their pages waiting', async () => {
    const stopping = BuildWorkers.start({ compile: true, highlight: true }, 1);
    const remote = stopping.highlighter();
    remote.prefetch([{ lang: 'kotlin', code: 'val visit = Visit(id = 1)' }]);
    const waiting = remote.highlight('kotlin', 'val visit = Visit(id = 1)');
    await stopping.close();
    await expect(waiting).rejects.toThrow(/not highlighted/);
  });
});

describe('BuildWorkers: the highlighting worker gives its place to one that only compiles', () => {
  const setup: WorkerSetup = { facts: {}, staticDir: '/nonexistent', publishedFiles: [], highlight: true, output: 'page' };
  const page = (n: number): CompileJob => ({
    file: `docs/page-${n}.en.md`,
    locale: 'en',
    source: [
      '---',
      `title: Page ${n}`,
      '---',
      '',
      '## Request',
      '',
      '```bash',
      `curl -s https://api.vitrina.example/api/v1.5/visits/${n}`,
      '```',
      '',
      '```json',
      `{"visit_id": ${n}, "status": "done"}`,
      '```',
      '',
      '## Quoted',
      '',
      // (A fence in a block quote: not found by the look at the lines, so not sent ahead.)
      '> ```kotlin',
      `> val visit = Visit(id = ${n})`,
      '> ```',
      '',
    ].join('\n'),
  });

  it('compiles pages there as this thread does, their code sent highlighted or highlighted there', async () => {
    const pool = BuildWorkers.start({ compile: true, highlight: true }, 1);
    try {
      const jobs = [1, 2, 3, 4].map(page);
      const first = pool.threadIds[0];
      pool.setup(setup);
      const remote = pool.highlighter();
      remote.prefetch(jobs.flatMap((j) => scanFences(j.source)));
      // Every page goes to the worker (none compiles here).
      const compiled = await pool.compile(jobs);
      expect(pool.threadIds[0]).not.toBe(first);
      const here = await createCodeHighlighter();
      for (const [k, job] of jobs.entries()) {
        // (The quoted block, not sent ahead, was highlighted on the new worker.)
        expect(compiled[k]).toEqual(await compileJob(job, setup, here));
      }
    } finally {
      await pool.close();
    }
  });

  it('keeps the warm worker when many pages are left to compile', async () => {
    const pool = BuildWorkers.start({ compile: true, highlight: true }, 1);
    try {
      // 401 pages of their own (no translation pairs): more groups left than a fresh worker pays for.
      const jobs = Array.from({ length: 401 }, (_, n) => ({ ...page(n), file: `docs/many/page-${n}.en.md` }));
      const first = pool.threadIds[0];
      pool.setup(setup);
      pool.highlighter().prefetch(jobs.flatMap((j) => scanFences(j.source)));
      const compiled = await pool.compile(jobs);
      expect(pool.threadIds[0]).toBe(first);
      expect(compiled[400]).toEqual(await compileJob(jobs[400]!, setup, await createCodeHighlighter()));
    } finally {
      await pool.close();
    }
  });
});
