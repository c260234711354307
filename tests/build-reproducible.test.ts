import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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
  /** The file in `out` that stands as it was written (inode and time): a build that keeps it does not write it again. */
  const stamp = (out: string, rel: string) => {
    const s = statSync(file(out, rel));
    return `${s.ino} ${s.mtimeMs}`;
  };
  /** The page JSON of a page (its name holds a hash of its text). */
  const pageJson = (out: string, locale: string, key: string) => {
    const dir = join(fixture.root, out, 'data', locale, ...key.split('/').slice(0, -1));
    const name = readdirSync(dir).find((n) => new RegExp(`^${key.split('/').pop()!}\\.[0-9a-f]+\\.json$`).test(n));
    return join('data', locale, ...key.split('/').slice(0, -1), name!);
  };
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
    // (Files the edit does not change are not written again: not the other pages' data, not their markdown.)
    const untouchedFiles = [
      pageJson('dist', 'ru', 'docs/mobile/ic3/visits/start'),
      'docs/mobile/ic3/visits/start.md',
      'api/v1.5.postman_collection.json',
    ];
    const stamps = untouchedFiles.map((rel) => stamp('dist', rel));
    const edited = readFileSync(editedPage, 'utf8');
    writeFileSync(editedPage, `${edited.trimEnd()}\n\nA visit that was started by mistake is cancelled from its card.\n`);
    // (From the cache of the builds above, which holds every page as it was before the edit.)
    const warm = await build('dist', '2');
    expect(warm).not.toBe(onWorkers);
    if (html) {
      expect(readFileSync(file('dist', editedHtml), 'utf8')).toContain('cancelled from its card');
      expect(inode('dist', untouchedHtml)).toBe(untouched);
    }
    expect(untouchedFiles.map((rel) => stamp('dist', rel))).toEqual(stamps);
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

  it('after a fact is changed: every page that quotes it changes, from the cache as from scratch', async () => {
    await build('dist', '2');
    const facts = join(fixture.root, 'content', 'facts.yaml');
    const quoting = ['en/docs/mobile/ic2/visits/start.md', 'docs/mobile/ic3/visits/start.md'];
    for (const rel of quoting) expect(readFileSync(file('dist', rel), 'utf8')).toContain('support@vitrina.example');
    writeFileSync(
      facts,
      readFileSync(facts, 'utf8').replace('support_email: support@vitrina.example', 'support_email: help@vitrina.example'),
    );
    const warm = await build('dist', '2');
    for (const rel of quoting) expect(readFileSync(file('dist', rel), 'utf8')).toContain('help@vitrina.example');
    if (html) expect(readFileSync(file('dist', 'docs/mobile/ic3/visits/start/index.html'), 'utf8')).toContain('help@vitrina.example');
    clearCache();
    expect(await build('dist-fact-clean', '2')).toBe(warm);
  });

  it('after a page is deleted: its files leave the output, from the cache as from scratch', async () => {
    await build('dist', '2');
    const gone = 'docs/mobile/ic3/visits/start';
    expect(existsSync(file('dist', `${gone}.md`))).toBe(true);
    expect(existsSync(file('dist', 'data/ru/docs/mobile/ic3/visits'))).toBe(true);
    for (const locale of ['ru', 'en']) {
      rmSync(join(fixture.root, 'content', 'docs', 'mobile', 'ic3', 'visits', `start.${locale}.md`));
      // (The pages that linked to it link elsewhere, as a writer does.)
      for (const page of ['ic3/index', 'ic2/visits/start']) {
        const md = join(fixture.root, 'content', 'docs', 'mobile', `${page}.${locale}.md`);
        writeFileSync(md, readFileSync(md, 'utf8').replace(/\/docs\/mobile\/ic3\/visits\/start(#steps)?\)/g, '/docs/support)'));
      }
    }
    const routes = join(fixture.root, 'content', 'routes.tsv');
    writeFileSync(
      routes,
      readFileSync(routes, 'utf8')
        .split('\n')
        .filter((line) => !line.startsWith(`/${gone}\t`))
        .join('\n'),
    );
    const warm = await build('dist', '2');
    for (const rel of [`${gone}.md`, `en/${gone}.md`, `${gone}/index.html`, `en/${gone}/index.html`])
      expect(existsSync(file('dist', rel))).toBe(false);
    // (Its page JSON, and the folders left empty.)
    expect(existsSync(file('dist', 'data/ru/docs/mobile/ic3/visits'))).toBe(false);
    clearCache();
    expect(await build('dist-deleted-clean', '2')).toBe(warm);
  });
});
