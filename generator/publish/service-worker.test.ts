import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest, ManifestChunk, PageData, RouteEntry } from '@vitrina-docs/schemas';
import type { AssembledSite } from '../pipeline/assemble.ts';
import { startStaticServer } from '../serve/static-server.ts';
import { offlinePageUrl } from '../site-paths.ts';
import { imagesOf, precacheList, readPrecache, serviceWorkerScript } from './service-worker.ts';

const doc = (
  path: string,
  locale: 'ru' | 'en',
  sidebar: 'mobile' | 'portal' | 'support',
  version: string | null,
  data: string,
): RouteEntry => ({ kind: 'doc', path, locale, title: path, sidebar, version, alternates: {}, data }) as unknown as RouteEntry;

const body = (src: string): PageData['body'] =>
  ({
    type: 'root',
    children: [
      { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'img', properties: { src }, children: [] }] },
      { type: 'element', tagName: 'a', properties: { href: '/img/full.svg' }, children: [] },
      { type: 'element', tagName: 'img', properties: { src: 'https://cdn.example/x.png' }, children: [] },
    ],
  }) as unknown as PageData['body'];

/** A site of two locales: a mobile page in each version, a support page and a portal page per locale. */
function site(): { site: AssembledSite; files: Map<string, Buffer> } {
  const routes: RouteEntry[] = [];
  const pageData = new Map<string, PageData>();
  const files = new Map<string, Buffer>();
  const chunkMap = new Map<string, ManifestChunk>();
  const add = (file: string, text: string) => files.set(file, Buffer.from(text));
  const manifest = {
    buildId: 'b1',
    defaultLocale: 'ru',
    locales: {} as Manifest['locales'],
  } as Manifest;
  for (const locale of ['ru', 'en'] as const) {
    const p = locale === 'ru' ? '' : '/en';
    const pages = [
      doc(`${p}/docs/mobile/ic3/a`, locale, 'mobile', 'ic3', `/data/${locale}/ic3-a.0123456789.json`),
      doc(`${p}/docs/mobile/ic2/a`, locale, 'mobile', 'ic2', `/data/${locale}/ic2-a.0123456789.json`),
      doc(`${p}/docs/support`, locale, 'support', null, `/data/${locale}/support.0123456789.json`),
      doc(`${p}/docs/portal`, locale, 'portal', null, `/data/${locale}/portal.0123456789.json`),
    ];
    for (const r of pages) {
      routes.push(r);
      const data = (r as { data: string }).data;
      pageData.set(data, { body: body(`/img/${locale}.svg`) } as PageData);
      add(data.slice(1), `{"page":"${r.path}"}`);
    }
    add(`img/${locale}.svg`, '<svg/>');
    add(offlinePageUrl(locale, 'ru').slice(1), `<!doctype html><title>${locale}</title>`);
    const chunks = ['mobile.ic3', 'mobile.ic2', 'support', 'portal'].map((name) => {
      const [sidebar, version] = name.split('.');
      const url = `/manifest/${locale}/${name}.abcdef0123.json`;
      add(url.slice(1), `{"chunk":"${name}"}`);
      return { kind: 'sidebar', sidebar, version: version ?? null, prefix: '', url };
    });
    manifest.locales[locale] = { chunks } as unknown as NonNullable<Manifest['locales']['ru']>;
    // A part of a kept sidebar's tree, and one of a sidebar that is not kept.
    for (const [sidebar, version] of [
      ['mobile', 'ic3'],
      ['portal', null],
    ] as const) {
      const url = `/manifest/${locale}/${sidebar}${version ? `.${version}` : ''}.visits.abcdef0123.json`;
      add(url.slice(1), `{"part":"${sidebar}"}`);
      chunkMap.set(url, { kind: 'part', locale, sidebar, version, prefix: `${p}/docs/${sidebar}/visits`, items: [], routes: [] });
    }
  }
  add('img/full.svg', '<svg/>');
  add('manifest.json', '{"buildId":"b1"}');
  add('assets/client-abc.js', 'console.log(1)');
  return { site: { manifest, routes, pageData, chunks: chunkMap } as unknown as AssembledSite, files };
}

describe('the precache list of a build', () => {
  const { site: built, files } = site();
  const list = precacheList({
    site: built,
    sidebars: ['mobile', 'support'],
    searchFiles: { ru: ['/search/ru.entry.0123456789.json'], en: [] },
    scripts: ['/assets/client-abc.js'],
    read: (file) => files.get(file) ?? null,
  });
  const urls = (locale: 'ru' | 'en') => list.locales[locale]!.entries.map((e) => e.url);

  it('keeps the offline sidebars of each locale in every version: chunks and their parts, page JSON, images, the app shell; not the other sidebars', () => {
    expect(urls('ru')).toEqual([
      '/offline.html',
      '/manifest/ru/mobile.ic3.abcdef0123.json',
      '/manifest/ru/mobile.ic2.abcdef0123.json',
      '/manifest/ru/support.abcdef0123.json',
      '/manifest/ru/mobile.ic3.visits.abcdef0123.json',
      '/data/ru/ic3-a.0123456789.json',
      '/data/ru/ic2-a.0123456789.json',
      '/data/ru/support.0123456789.json',
      '/img/ru.svg',
      '/img/full.svg',
    ]);
    expect(list.locales.en!.fallback).toBe('/en/offline.html');
    expect(urls('en').some((u) => u.includes('portal'))).toBe(false);
    expect(list.shared.map((e) => e.url)).toEqual(['/manifest.json', '/assets/client-abc.js']);
  });

  it('leaves out a file the build did not write (a precache that cannot install would keep nothing)', () => {
    expect(urls('ru')).not.toContain('/search/ru.entry.0123456789.json');
  });

  it('hashes every file: integrity for all, a revision only where the URL carries no hash', () => {
    for (const e of [...list.shared, ...list.locales.ru!.entries]) {
      const data = files.get(e.url.slice(1))!;
      expect(e.integrity).toBe(`sha256-${createHash('sha256').update(data).digest('base64')}`);
      expect(e.bytes).toBe(data.length);
    }
    const revision = (url: string) => [...list.shared, ...list.locales.ru!.entries].find((e) => e.url === url)!.revision;
    expect(revision('/manifest.json')).toMatch(/^[0-9a-f]{16}$/);
    expect(revision('/offline.html')).toMatch(/^[0-9a-f]{16}$/);
    expect(revision('/img/ru.svg')).toMatch(/^[0-9a-f]{16}$/);
    expect(revision('/assets/client-abc.js')).toBeNull();
    expect(revision('/data/ru/ic3-a.0123456789.json')).toBeNull();
  });

  it('goes into the worker script ahead of its code, and reads back', () => {
    const script = serviceWorkerScript(list, '(()=>{})();');
    expect(script.endsWith('\n(()=>{})();')).toBe(true);
    expect(readPrecache(script)).toEqual(list);
  });

  it('finds a page body’s images: src, srcset, links to an image; not other hosts', () => {
    const page = {
      body: {
        type: 'root',
        children: [
          {
            type: 'element',
            tagName: 'img',
            properties: { src: '/img/a.svg', srcSet: '/img/a-dark.svg 1x, /img/a-2x.svg 2x' },
            children: [],
          },
          { type: 'element', tagName: 'a', properties: { href: '/img/a-full.png' }, children: [] },
          { type: 'element', tagName: 'a', properties: { href: '/docs/mobile' }, children: [] },
          { type: 'element', tagName: 'img', properties: { src: '//cdn.example/b.svg' }, children: [] },
        ],
      },
    } as unknown as PageData;
    expect(imagesOf(page).sort()).toEqual(['/img/a-2x.svg', '/img/a-dark.svg', '/img/a-full.png', '/img/a.svg']);
  });
});

describe('the service worker in the local preview', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vd-sw-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the hash of the manifest the preview serves (analytics off), so that the worker installs', async () => {
    const manifest = JSON.stringify({ buildId: 'b1', site: { analytics: { provider: 'yandex-metrica', id: '1' } } });
    writeFileSync(join(dir, 'manifest.json'), manifest);
    const { site: built, files } = site();
    files.set('manifest.json', Buffer.from(manifest));
    const list = precacheList({ site: built, sidebars: ['mobile'], searchFiles: {}, scripts: [], read: (f) => files.get(f) ?? null });
    writeFileSync(join(dir, 'sw.js'), serviceWorkerScript(list, 'self.code = 1;'));
    const server = await startStaticServer({ dir, port: 0 });
    try {
      const served = await (await fetch(`${server.url}/manifest.json`)).arrayBuffer();
      const res = await fetch(`${server.url}/sw.js?locales=ru`);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const script = await res.text();
      expect(script.endsWith('self.code = 1;')).toBe(true);
      const entry = readPrecache(script).shared.find((e) => e.url === '/manifest.json')!;
      expect(entry.integrity).toBe(`sha256-${createHash('sha256').update(Buffer.from(served)).digest('base64')}`);
      expect(entry.bytes).toBe(served.byteLength);
    } finally {
      await server.close();
    }
  });
});
