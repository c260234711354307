import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture } from '../../tests/helpers/project.ts';
import { DevSite } from './dev-site.ts';
import { devUrl } from './dev-urls.ts';

describe('devUrl', () => {
  it('drops the content hash of a file name, and only that', () => {
    expect(devUrl('/data/ru/docs/a.0123456789.json')).toBe('/data/ru/docs/a.json');
    expect(devUrl('/data/en/docs/api/backend/methods/v1.5/catalog/brands.abcdef0123.json')).toBe(
      '/data/en/docs/api/backend/methods/v1.5/catalog/brands.json',
    );
    expect(devUrl('/search/ru.3eaefa0d13.index.json')).toBe('/search/ru.index.json');
    expect(devUrl('/assets/code.css')).toBe('/assets/code.css');
  });
});

/** The dev server's in-memory site, driven by file edits on a copy of the small valid site. */
describe('DevSite', () => {
  const site = copyFixture('site-ok');
  const file = (rel: string) => join(site.root, rel);
  const start = 'content/docs/mobile/ic3/visits/start.ru.md';
  let dev: DevSite;

  beforeAll(async () => {
    dev = new DevSite(site.root);
    await dev.start();
  });
  afterAll(() => site.cleanup());

  const edit = (rel: string, change: (text: string) => string) => writeFileSync(file(rel), change(readFileSync(file(rel), 'utf8')));

  it('an edit of a page body rewrites that page JSON alone, as a whole build would have written it', async () => {
    const manifest = JSON.stringify([dev.manifest, [...dev.chunks]]);
    const before = new Map(dev.pageJson);
    edit(start, (t) => t.replace(/\n## /, '\nA new sentence with a [link](/docs/mobile).\n\n## '));
    const update = await dev.update([file(start)]);
    expect(update).toMatchObject({ scope: 'page', changed: ['/docs/mobile/ic3/visits/start'], manifestChanged: false, heldBack: [] });
    expect(JSON.stringify([dev.manifest, [...dev.chunks]])).toBe(manifest);
    const url = dev.dataUrlOf.get('/docs/mobile/ic3/visits/start')!;
    for (const [u, json] of dev.pageJson) if (u !== url) expect(json, u).toBe(before.get(u));
    expect(dev.pageJson.get(url)).toContain('A new sentence');

    // The same page JSON as a site assembled from scratch.
    const fresh = new DevSite(site.root);
    await fresh.start();
    expect(JSON.parse(dev.pageJson.get(url)!)).toEqual(JSON.parse(fresh.pageJson.get(url)!));
  });

  it('a page reported again without a change in its text is no update, also while it has errors', async () => {
    const version = dev.version;
    const again = await dev.update([file(start)]);
    expect(again).toMatchObject({ version, changed: [], heldBack: [] });
    expect(dev.version).toBe(version);
    const text = readFileSync(file(start), 'utf8');
    edit(start, (t) => `${t}\nSee [nothing](/docs/nothing).\n`);
    const broken = await dev.update([file(start)]);
    expect(broken.heldBack).toEqual(['/docs/mobile/ic3/visits/start']);
    expect((await dev.update([file(start)])).version).toBe(broken.version);
    expect(dev.diagnosticsView().byPath['/docs/mobile/ic3/visits/start']?.some((d) => d.code === 'broken-link')).toBe(true);
    writeFileSync(file(start), text);
    expect((await dev.update([file(start)])).heldBack).toEqual([]);
  });

  it('keeps the last good version of a page whose edit has errors, and reports them', async () => {
    const url = dev.dataUrlOf.get('/docs/mobile/ic3/visits/start')!;
    const good = dev.pageJson.get(url);
    edit(start, (t) => `${t}\nSee [nothing](/docs/nothing).\n`);
    const update = await dev.update([file(start)]);
    expect(update.heldBack).toEqual(['/docs/mobile/ic3/visits/start']);
    expect(update.changed).toEqual([]);
    expect(update.diagnostics.map((d) => d.code)).toContain('broken-link');
    expect(dev.pageJson.get(url)).toBe(good);
    expect(dev.diagnosticsView().byPath['/docs/mobile/ic3/visits/start']?.some((d) => d.code === 'broken-link')).toBe(true);
    edit(start, (t) => t.replace('\nSee [nothing](/docs/nothing).\n', ''));
    const fixed = await dev.update([file(start)]);
    expect(fixed.heldBack).toEqual([]);
    expect(dev.diagnosticsView().byPath['/docs/mobile/ic3/visits/start'] ?? []).not.toContainEqual(
      expect.objectContaining({ code: 'broken-link' }),
    );
  });

  it('a title change updates the manifest, the sidebar and the neighbours', async () => {
    edit(start, (t) => t.replace(/^title: .*$/m, 'title: Старт визита'));
    const update = await dev.update([file(start)]);
    expect(update).toMatchObject({ scope: 'site', manifestChanged: true });
    expect(JSON.stringify([dev.manifest, [...dev.chunks]])).toContain('Старт визита');
    expect(update.changed).toContain('/docs/mobile/ic3/visits/start');
  });

  it('a category label change reaches the sidebars; an unknown file does nothing', async () => {
    edit('content/docs/mobile/ic3/visits/_category.yaml', (t) => t.replace(/ru: .*/, 'ru: Визиты в магазине'));
    const update = await dev.update([file('content/docs/mobile/ic3/visits/_category.yaml')]);
    expect(update.manifestChanged).toBe(true);
    expect(JSON.stringify([dev.manifest, [...dev.chunks]])).toContain('Визиты в магазине');
    const none = await dev.update([file('content/docs/mobile/.start.ru.md.swp')]);
    expect(none.changed).toEqual([]);
  });
});
