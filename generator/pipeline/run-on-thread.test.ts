import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture } from '../../tests/helpers/project.ts';
import { runPipeline } from '../build.ts';
import { runPipelineOnThread } from './run-on-thread.ts';

describe('runPipelineOnThread', () => {
  const bad = copyFixture('site-bad');
  const ok = copyFixture('site-ok');
  afterAll(() => {
    bad.cleanup();
    ok.cleanup();
  });

  it('reports what the pipeline finds, as it finds it on this thread', async () => {
    const here = await runPipeline({ root: bad.root, mode: 'build', cache: false });
    const there = await runPipelineOnThread({ root: bad.root, mode: 'build', cache: false });
    expect(there.errors).toBeGreaterThan(0);
    expect(there.diagnostics).toEqual(here.diagnostics);
    expect(existsSync(join(bad.root, 'dist'))).toBe(false);
  });

  it('writes the site and returns its figures', async () => {
    const result = await runPipelineOnThread({ root: ok.root, mode: 'build', prerender: false });
    expect(result.errors).toBe(0);
    expect(result.stats?.pages).toBeGreaterThan(0);
    expect(existsSync(join(ok.root, 'dist', 'manifest.json'))).toBe(true);
  });
});
