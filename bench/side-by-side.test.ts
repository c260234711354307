import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { budgetRows, type Results } from './report.ts';
import { latestRun, readRun } from './side-by-side.ts';

const dir = mkdtempSync(join(tmpdir(), 'vitrina-sbs-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEAD = 'generator\tround\twall_s\tmax_rss_single_proc_MiB\tpeak_tree_rss_MiB\tuser_s\tsys_s\texit\n';

function run(name: string, rows: string[]): string {
  const d = join(dir, name);
  mkdirSync(d, { recursive: true });
  writeFileSync(join(d, 'builds.tsv'), HEAD + rows.map((r) => `${r}\n`).join(''));
  return d;
}

describe("the Docusaurus anchor's side-by-side runs", () => {
  it('gives the medians of each generator and their ratios, leaving out failed builds', () => {
    const d = run('side-by-side-20260101T000000Z', [
      'docusaurus\t1\t20.0\t900\t1500\t30\t2\t0',
      'vitrina\t1\t4.0\t250\t280\t6\t1\t0',
      'docusaurus\t2\t18.0\t900\t1400\t30\t2\t0',
      'vitrina\t2\t99.0\t250\t999\t6\t1\t1',
      'docusaurus\t3\t22.0\t900\t1600\t30\t2\t0',
      'vitrina\t3\t5.0\t260\t300\t6\t1\t0',
    ]);
    const r = readRun(d)!;
    expect(r.docusaurus).toEqual({ wallS: 20, peakMb: 1500 });
    expect(r.vitrina).toEqual({ wallS: 4.5, peakMb: 290 });
    expect(r.rounds).toBe(2);
    expect(r.faster).toBeCloseTo(20 / 4.5);
    expect(r.leaner).toBeCloseTo(1500 / 290);
  });

  it('reports the newest complete run and checks the ratios against the 5x budgets', () => {
    run('side-by-side-20260201T000000Z', ['docusaurus\t1\t20.0\t900\t1500\t30\t2\t0', 'vitrina\t1\t2.0\t250\t250\t6\t1\t0']);
    run('side-by-side-20260301T000000Z', ['docusaurus\t1\t20.0\t900\t1500\t30\t2\t0']);
    const r = latestRun(dir)!;
    expect(r.dir).toMatch(/20260201/);
    const empty = {
      ...{ runs: 0, ok: false, stages: {} },
      wallMs: { median: null, runs: [] },
      peakRssMb: { median: null, runs: [] },
      cpuMs: { median: null, runs: [] },
    };
    const build = {
      prerender: true,
      clean: empty,
      warm: empty,
      incremental: { ...empty, page: null },
      validate: { cold: empty, warm: empty, changedFileCold: { ...empty, page: null }, changedFile: { ...empty, page: null } },
      output: null,
    };
    const rows = budgetRows({
      build,
      pages: { status: 'x' },
      search: { shards: {}, engine: { status: 'x' }, cli: { status: 'x' }, browser: { status: 'x' }, relevance: { status: 'x' } },
      dev: { status: 'x' },
      lighthouse: { status: 'x' },
      scale: { status: 'x' },
      sideBySide: r,
    } as unknown as Results);
    const speed = rows.find((x) => x.what.startsWith('clean build against Docusaurus'))!;
    const memory = rows.find((x) => x.what.startsWith('peak memory against Docusaurus'))!;
    expect(speed.value).toMatch(/^×10\.0 faster/);
    expect(speed.met).toBe(true);
    expect(memory.value).toMatch(/^×6\.0 lower/);
    expect(memory.met).toBe(true);
  });
});
