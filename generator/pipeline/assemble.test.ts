import { describe, expect, it } from 'vitest';
import type { Manifest } from '@vitrina-docs/schemas';
import { shortHash } from '../hash.ts';
import { withSearch } from './assemble.ts';

const ref = (locale: 'ru' | 'en') => ({
  locale,
  entry: `/search/${locale}.0123456789.entry.json`,
  index: `/search/${locale}.0123456789.elasticlunr.json`,
  docs: `/search/${locale}.0123456789.docs.json`,
  documents: 3,
});

/** A shell as assembleSite makes it, with `search` of each locale in its place. */
function shell(search: (locale: 'ru' | 'en') => unknown): Manifest {
  const locale = (l: 'ru' | 'en') => ({
    info: { code: l },
    ui: {},
    navbar: [],
    latestReleases: [],
    search: search(l),
    announcement: null,
    routes: [],
    chunks: [],
  });
  const body = {
    site: { name: 'Vitrina' },
    defaultLocale: 'ru',
    locales: { ru: locale('ru'), en: locale('en') },
    versions: {},
    openapi: {},
    assets: { css: [] },
  };
  return { schemaVersion: 2, buildId: shortHash(JSON.stringify(body), 12), ...body } as unknown as Manifest;
}

describe('withSearch', () => {
  it('gives the shell that assembling with the search index gives, byte for byte, build id included', () => {
    const later = withSearch(
      shell(() => null),
      { ru: ref('ru'), en: ref('en') },
    );
    const atOnce = shell(ref);
    expect(JSON.stringify(later)).toBe(JSON.stringify(atOnce));
    expect(later.buildId).not.toBe(shell(() => null).buildId);
  });

  it('leaves a locale without an index without one', () => {
    const later = withSearch(
      shell(() => null),
      { ru: ref('ru') },
    );
    expect(later.locales.ru!.search).toEqual(ref('ru'));
    expect(later.locales.en!.search).toBeNull();
  });
});
