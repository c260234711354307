import { afterAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter } from '../markdown/highlighter.ts';
import { compileJob, type CompileJob, type WorkerSetup } from './compile-jobs.ts';
import { COMPILE_WORKER_MIN_PAGES, Scheduler, workersCompile } from './scheduler.ts';
import { BuildWorkers } from './worker-pool.ts';

describe('BuildWorkers: pages compiled on a worker', () => {
  const pool = BuildWorkers.start({ compile: true, highlight: true }, 1);
  afterAll(() => pool.close());
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
      '> ```kotlin',
      `> val visit = Visit(id = ${n})`,
      '> ```',
      '',
    ].join('\n'),
  });

  it('compiles them there as this thread does, code highlighted', async () => {
    const jobs = [1, 2, 3, 4].map(page);
    pool.setup(setup);
    // Every page goes to the worker (none compiles here).
    const compiled = await pool.compile(jobs);
    const here = await createCodeHighlighter();
    for (const [k, job] of jobs.entries()) expect(compiled[k]).toEqual(await compileJob(job, setup, here));
    expect(compiled[0]!.body).toContain('"hl-keyword"');
    expect(Object.keys(compiled[0]!.codeClasses)).toContain('hl-string');
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
});

describe('Scheduler: who compiles', () => {
  const withWorkers = (n: string, run: () => void) => {
    const previous = process.env.VITRINA_DOCS_WORKERS;
    process.env.VITRINA_DOCS_WORKERS = n;
    try {
      run();
    } finally {
      if (previous === undefined) delete process.env.VITRINA_DOCS_WORKERS;
      else process.env.VITRINA_DOCS_WORKERS = previous;
    }
  };

  it('workers compile pages from two workers on; one worker (two cores) leaves a small site to this thread', () => {
    withWorkers('0', () => expect(workersCompile(COMPILE_WORKER_MIN_PAGES)).toBe(false));
    withWorkers('1', () => expect(workersCompile(COMPILE_WORKER_MIN_PAGES - 1)).toBe(false));
    withWorkers('1', () => expect(workersCompile(COMPILE_WORKER_MIN_PAGES)).toBe(true));
    withWorkers('2', () => expect(workersCompile(COMPILE_WORKER_MIN_PAGES - 1)).toBe(true));
    withWorkers('3', () => expect(workersCompile(24)).toBe(true));
  });

  it('compiles every page on this thread beside workers that do not compile, and leaves them running', async () => {
    const setup: WorkerSetup = { facts: {}, staticDir: '/nonexistent', publishedFiles: [], highlight: true, output: 'page' };
    const jobs: CompileJob[] = [1, 2, 3].map((n) => ({
      file: `docs/p-${n}.en.md`,
      locale: 'en',
      source: `---\ntitle: P${n}\n---\n\n## Run\n\n\`\`\`bash\ncurl -s https://api.vitrina.example/${n}\n\`\`\`\n`,
    }));
    // A build of a few pages on two cores: one worker, which does not compile.
    let scheduler: Scheduler | null = null;
    withWorkers('1', () => (scheduler = Scheduler.forRun(COMPILE_WORKER_MIN_PAGES - 1, true)));
    const run = scheduler!;
    try {
      const compiled = await run.compile(jobs, setup, undefined, (page) => page);
      const here = await createCodeHighlighter();
      for (const [k, job] of jobs.entries()) expect(compiled[k]).toEqual(await compileJob(job, setup, here));
      expect(compiled[0]!.body).toContain('"hl-function"');
      // (Still there for the rest of the build: the OpenAPI check here.)
      const validate = run.validateOpenApi();
      expect(validate).toBeDefined();
      expect(await validate!({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} })).toEqual({
        valid: true,
        errors: [],
      });
    } finally {
      await run.close();
    }
  });
});
