import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, copyFixture, runCli, treeHash } from './helpers/project.ts';

/**
 * The same content gives the same site, byte for byte, however it is built: on worker threads
 * or on one thread, from scratch or from the cache of compiled pages. Deploys upload only what
 * changed, and browsers keep content-hashed files, so an output that moved on its own would
 * cost every reader a download.
 */
describe('a build is reproducible', { timeout: 300_000 }, () => {
  const fixture = copyFixture('site-ok');
  const renderer = join(ROOT, '.cache', 'renderer');
  const html = existsSync(join(renderer, 'server', 'server.js'));
  const build = async (out: string, workers: string) => {
    const args = ['-C', fixture.root, 'build', '--out', join(fixture.root, out), ...(html ? [] : ['--no-prerender'])];
    const previous = process.env.VITRINA_DOCS_WORKERS;
    process.env.VITRINA_DOCS_WORKERS = workers;
    try {
      const r = await runCli(args);
      expect(r.code, r.stderr).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.VITRINA_DOCS_WORKERS;
      else process.env.VITRINA_DOCS_WORKERS = previous;
    }
    return treeHash(join(fixture.root, out));
  };
  const clearCache = () => rmSync(join(fixture.root, '.cache', 'build-cache.txt'), { force: true });
  let onWorkers: string;

  beforeAll(async () => {
    mkdirSync(join(fixture.root, '.cache'), { recursive: true });
    // The renderer bundle of this checkout, when built, so that the HTML is compared too.
    if (html) symlinkSync(renderer, join(fixture.root, '.cache', 'renderer'), 'dir');
    onWorkers = await build('dist-workers', '2');
  });
  afterAll(() => fixture.cleanup());

  it('on worker threads and on one thread', async () => {
    clearCache();
    expect(await build('dist-one-thread', '0')).toBe(onWorkers);
    // One worker (two cores): this thread compiles every page, the worker checks the OpenAPI
    // descriptions, makes the search index and draws a share of the HTML.
    clearCache();
    expect(await build('dist-one-worker', '1')).toBe(onWorkers);
  });

  it('from scratch and from the cache of compiled pages', async () => {
    // (The cache the previous build left.)
    expect(existsSync(join(fixture.root, '.cache', 'build-cache.txt'))).toBe(true);
    expect(await build('dist-warm', '2')).toBe(onWorkers);
  });

  it('after one page is edited: from the cache as from scratch', async () => {
    const page = join(fixture.root, 'content', 'docs', 'mobile', 'ic2', 'visits', 'start.en.md');
    writeFileSync(page, `${readFileSync(page, 'utf8').trimEnd()}\n\nA visit that was started by mistake is cancelled from its card.\n`);
    // (From the cache of the builds above, which holds every page as it was before the edit.)
    const edited = await build('dist-edited-warm', '2');
    expect(edited).not.toBe(onWorkers);
    clearCache();
    expect(await build('dist-edited-clean', '2')).toBe(edited);
  });
});
