import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { PageData } from '@vitrina-docs/schemas';
import { hasPageData } from '../../renderer/shared/site-routes.ts';
import { readBuiltSite } from '../../tests/helpers/built-site.ts';
import { ROOT } from '../../tests/helpers/project.ts';

/** The release notes (content/docs/releases/<month>.<locale>.md) whose text links to a page. */
function notesLinkingTo(locale: 'ru' | 'en', key: string): string[] {
  const dir = join(ROOT, 'content', 'docs', 'releases');
  const months = readdirSync(dir)
    .map((f) => /^(\d{4}-\d{2})\.ru\.md$/.exec(f)?.[1])
    .filter((m): m is string => Boolean(m))
    .sort();
  return months.filter((m) =>
    new RegExp(`\\]\\(${key.replace(/[.]/g, '\\.')}(#[^)]*)?\\)`).test(readFileSync(join(dir, `${m}.${locale}.md`), 'utf8')),
  );
}

describe('what changed, per API method, in the built site', () => {
  const dist = inject('realDist');
  const site = readBuiltSite(dist);
  const page = (path: string): PageData => {
    const route = site.routes.find((r) => r.path === path);
    if (!hasPageData(route)) throw new Error(`no page data for ${path}`);
    return JSON.parse(readFileSync(join(dist, route.data), 'utf8')) as PageData;
  };

  it.each([
    ['ru', '/docs/api/backend/methods/v1.5/recognition/recognize'],
    ['en', '/docs/api/backend/methods/v1.5/recognition/recognize'],
    ['ru', '/docs/api/backend/methods/v1/kpi/kpi_list'],
    ['en', '/docs/api/backend/methods/v1.5/catalog/brands'],
  ] as const)('%s %s lists the release notes that link to it, newest first, in its language', (locale, key) => {
    const months = notesLinkingTo(locale, key);
    expect(months.length).toBeGreaterThan(0);
    const prefix = locale === 'ru' ? '' : '/en';
    const changes = page(`${prefix}${key}`).operation!.changes;
    expect(changes.map((c) => c.url)).toEqual(months.reverse().map((m) => `${prefix}/docs/releases/${m}`));
    for (const c of changes) expect(c.title).toBe(page(c.url).title);
  });

  it('a method no release note links to lists none', () => {
    const all = site.routes.filter((r) => r.kind === 'doc' && /\/methods\/v1(\.5)?\//.test(r.path));
    const without = all
      .map((r) => r.path)
      .filter((p) => notesLinkingTo(p.startsWith('/en/') ? 'en' : 'ru', p.replace(/^\/en/, '')).length === 0);
    expect(without.length).toBeGreaterThan(0);
    for (const path of without.slice(0, 5)) expect(page(path).operation!.changes).toEqual([]);
  });
});
