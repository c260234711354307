/**
 * The search files from plain input: the stock elasticlunr JSON equals what elasticlunr builds
 * from the same sections (it is written from the postings, without elasticlunr's trie).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import elasticlunr from 'elasticlunr';
import { describe, expect, inject, it } from 'vitest';
import type { LocaleCode, Manifest, SearchDocsFile } from '@vitrina-docs/schemas';
import { FIELDS, pipelineNames, registerElasticlunrPipeline } from '@vitrina-docs/search';
import { buildSearchIndex, type SearchInput, type SearchPageInput } from './build-shards.ts';

/** What elasticlunr itself makes of the same sections, with the pipeline registered from the package. */
function elasticlunrJson(locale: LocaleCode, docs: { title: string; heading: string; text: string }[]): unknown {
  registerElasticlunrPipeline(elasticlunr);
  const index = elasticlunr<Record<string, string>>();
  index.pipeline.reset();
  for (const name of pipelineNames(locale)) index.pipeline.add(elasticlunr.Pipeline.getRegisteredFunction(name));
  index.setRef('id');
  for (const f of FIELDS) index.addField(f);
  index.saveDocument(false);
  docs.forEach((d, i) => index.addDoc({ id: String(i), ...d }));
  return JSON.parse(JSON.stringify(index.toJSON()));
}

const input = (locale: LocaleCode, pages: Omit<SearchPageInput, 'locale' | 'breadcrumbs' | 'sidebar' | 'version'>[]): SearchInput => ({
  siteUrl: 'https://docs.example/',
  locales: [locale],
  sidebars: ['mobile'],
  versions: { ru: [], en: [] },
  synonyms: { ru: [], en: [] },
  pages: pages.map((p) => ({ ...p, locale, breadcrumbs: 'Mobile', sidebar: 'mobile', version: null })),
});

describe('the stock elasticlunr index', () => {
  it('equals elasticlunr’s own for sections with keywords, repeated words, ё, hyphens and both scripts', () => {
    const pages = [
      {
        route: '/docs/mobile/a',
        title: 'Начать визит',
        description: 'Как начать визит в магазин и сфотографировать полки.',
        keywords: ['визит', 'check-in'],
        sections: [
          { anchor: null, heading: '', text: 'Визит, визиты и ещё раз визит — отчёт по SKU.' },
          { anchor: 'steps', heading: 'Шаги', text: 'Нажмите «Начать визит». API-ключ не нужен; e-mail тоже.' },
          { anchor: 'empty', heading: 'Пусто', text: '' },
        ],
      },
      {
        route: '/docs/mobile/b',
        title: 'Photos of shelves',
        description: 'Taking photos of the shelf, planogram and price tags.',
        keywords: [],
        sections: [{ anchor: null, heading: '', text: 'Photo, photos, photographing: 2 photos per bay (1.5 m).' }],
      },
    ];
    const files = buildSearchIndex(input('ru', pages));
    const ref = files.refs.ru!;
    const stock = JSON.parse(files.files.get(ref.index.slice(1))!) as unknown;
    const docs = pages.flatMap((p) =>
      p.sections.map((s) => ({
        title: `${p.title} ${s.anchor === null ? p.keywords.join(' ') : ''}`.trim(),
        // The lead's heading field holds the page's place in the site.
        heading: s.anchor === null ? 'Mobile' : s.heading,
        text: s.anchor === null ? `${p.description} ${s.text}`.trim() : s.text,
      })),
    );
    expect(stock).toEqual(elasticlunrJson('ru', docs));
  });

  it.each(['ru', 'en'] as const)('equals elasticlunr’s own over the real %s sections', (locale) => {
    const dist = inject('realDist');
    const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Manifest;
    const docs = (JSON.parse(readFileSync(join(dist, manifest.locales[locale]!.search!.docs), 'utf8')) as SearchDocsFile).docs;
    // Each section as a page of its own (its lead text already holds the description), with an
    // anchor, so that its heading field is its heading.
    const pages = docs.map((d) => ({
      route: d.route,
      title: d.title,
      description: '',
      keywords: [],
      sections: [{ anchor: d.anchor ?? 'lead', heading: d.heading, text: d.text }],
    }));
    const files = buildSearchIndex(input(locale, pages));
    const stock = JSON.parse(files.files.get(files.refs[locale]!.index.slice(1))!) as unknown;
    expect(stock).toEqual(elasticlunrJson(locale, docs));
  });
});
