import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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
  // (The compiled pages, and the record of the files of the previous output.)
  const clearCache = () => {
    for (const name of ['build-cache.txt', 'output-record.json']) rmSync(join(fixture.root, '.cache', name), { force: true });
  };
  const file = (out: string, rel: string) => join(fixture.root, out, rel);
  const inode = (out: string, rel: string) => statSync(file(out, rel)).ino;
  const editedPage = join(fixture.root, 'content', 'docs', 'mobile', 'ic2', 'visits', 'start.en.md');
  const editedHtml = 'en/docs/mobile/ic2/visits/start/index.html';
  // (A page that shows the edited page's title: in its sidebar and as its next page.)
  const neighbourHtml = 'en/docs/mobile/ic2/index.html';
  const untouchedHtml = 'docs/mobile/ic3/visits/start/index.html';
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

  it('from scratch and from the cache of compiled pages and of the previous output', async () => {
    // (The cache the previous build left.)
    expect(existsSync(join(fixture.root, '.cache', 'build-cache.txt'))).toBe(true);
    expect(await build('dist', '2')).toBe(onWorkers);
    // Into the same folder again: the pages are taken from the output it replaces.
    const before = html ? inode('dist', untouchedHtml) : 0;
    expect(await build('dist', '2')).toBe(onWorkers);
    if (html) expect(inode('dist', untouchedHtml)).toBe(before);
  });

  it('after one page is edited: from the cache as from scratch', async () => {
    const untouched = html ? inode('dist', untouchedHtml) : 0;
    const edited = readFileSync(editedPage, 'utf8');
    writeFileSync(editedPage, `${edited.trimEnd()}\n\nA visit that was started by mistake is cancelled from its card.\n`);
    // (From the cache of the builds above, which holds every page as it was before the edit.)
    const warm = await build('dist', '2');
    expect(warm).not.toBe(onWorkers);
    if (html) {
      expect(readFileSync(file('dist', editedHtml), 'utf8')).toContain('cancelled from its card');
      expect(inode('dist', untouchedHtml)).toBe(untouched);
    }
    clearCache();
    expect(await build('dist-edited-clean', '2')).toBe(warm);
  });

  it("after a page's title is edited: the pages that show it change too", async () => {
    // (The output the next build takes its unchanged pages from, and its record.)
    await build('dist', '2');
    const neighbour = html ? readFileSync(file('dist', neighbourHtml), 'utf8') : '';
    if (html) expect(neighbour).toContain('Starting a visit');
    writeFileSync(editedPage, readFileSync(editedPage, 'utf8').replace('title: Starting a visit', 'title: Starting a store visit'));
    const warm = await build('dist', '2');
    if (html) {
      const after = readFileSync(file('dist', neighbourHtml), 'utf8');
      expect(after).not.toBe(neighbour);
      expect(after).toContain('Starting a store visit');
    }
    clearCache();
    expect(await build('dist-title-clean', '2')).toBe(warm);
  });
});
