/**
 * The benchmark runs end to end on a tiny corpus (build and validate only, one run each) and
 * writes results.json with the expected keys. No figure is asserted: timings belong to
 * `make bench`, not to the tests.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTable } from './report.ts';
import { readRelevanceCases, scoreRelevance } from './measure-search.ts';
import { scaleCorpus } from './scale.ts';
import { snapshotProject } from './corpus.ts';
import { REPO, runMeasured, series } from './util.ts';

const TINY = join(REPO, 'tests', 'fixtures', 'site-ok');
const out = mkdtempSync(join(tmpdir(), 'vitrina-bench-test-'));

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('bench', () => {
  it('runs on a tiny corpus and writes results.json with the expected keys', async () => {
    const results = join(out, 'results.json');
    // --no-compile: the test runs the sources through tsx rather than spend time compiling lib/.
    const run = await runMeasured(
      [
        process.execPath,
        join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        join(REPO, 'bench', 'run.ts'),
        '--quick',
        '--no-compile',
        '--corpus',
        TINY,
        '--results',
        results,
      ],
      { timeoutMs: 240_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(results)).toBe(true);
    const r = JSON.parse(readFileSync(results, 'utf8'));
    expect(r).toMatchObject({ schema: 1, options: { quick: true } });
    for (const key of [
      'startedAt',
      'durationMs',
      'machine',
      'generator',
      'renderer',
      'build',
      'pages',
      'search',
      'dev',
      'lighthouse',
      'scale',
      'budgets',
    ])
      expect(r).toHaveProperty(key);
    for (const figure of [
      r.build.clean,
      r.build.warm,
      r.build.incremental,
      r.build.validate.cold,
      r.build.validate.warm,
      r.build.validate.changedFileCold,
      r.build.validate.changedFile,
    ]) {
      expect(figure.ok).toBe(true);
      expect(figure.runs).toBe(1);
      expect(figure.wallMs.runs).toHaveLength(1);
      expect(figure).toHaveProperty('peakRssMb.median');
    }
    expect(r.build.output.pages).toBeGreaterThan(0);
    expect(Object.keys(r.search.shards).sort()).toEqual(['en', 'ru']);
    expect(r.pages).toEqual({ status: 'not run (--quick)' });
    expect(r.budgets.map((b: { what: string }) => b.what)).toEqual(
      expect.arrayContaining(['clean build, peak memory', 'validate, cold (no cache)']),
    );
    expect(run.stdout).toMatch(/what\s+\| value\s+\| budget\s+\| met/);
  }, 300_000);

  it('clones a corpus to N× its doc pages with their routes listed', () => {
    const root = snapshotProject(TINY, 'scale-test', { built: false, dir: '', builtAt: null, stale: false, note: '' });
    try {
      const before = readFileSync(join(root, 'content', 'routes.tsv'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('/docs/')).length;
      const scaled = scaleCorpus(root, 3);
      const tsv = readFileSync(join(root, 'content', 'routes.tsv'), 'utf8').split('\n');
      expect(tsv.filter((l) => l.startsWith('/docs/'))).toHaveLength(before * 3);
      expect(tsv).toContain('/docs/mobile/x3/ic3/visits/start\tmobile\tdoc:ic3');
      expect(existsSync(join(root, 'content', 'docs', 'mobile', 'x2', '_category.yaml'))).toBe(true);
      expect(scaled.pages).toBeGreaterThan(before);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('scores relevance by page rank: MRR, recall@1, recall@5', () => {
    const cases = [
      { query: 'a', expect: '/docs/x', also: [] },
      { query: 'b', expect: '/docs/y', also: ['/docs/z'] },
      { query: 'c', expect: '/docs/w', also: [] },
    ];
    const hits: Record<string, string[]> = { a: ['/docs/x', '/docs/x'], b: ['/docs/q', '/en/docs/z', '/docs/y'], c: ['/docs/q'] };
    const r = scoreRelevance(cases, (q) => hits[q]!);
    expect(r).toMatchObject({ queries: 3, mrr: 0.5, recallAt1: 0.333, recallAt5: 0.667, strict: { mrr: 0.444 } });
    expect(typeof readRelevanceCases).toBe('function');
  });

  it('prints one row per figure with its budget', () => {
    const table = formatTable([{ what: 'clean build', value: '2 s', budget: '< 3 s', met: true }]);
    expect(table.split('\n')).toHaveLength(3);
    expect(series([3, 1, 2]).median).toBe(2);
  });
});
