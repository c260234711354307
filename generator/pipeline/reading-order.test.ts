import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { PageData, PageLink } from '@vitrina-docs/schemas';
import { hasPageData } from '../../renderer/shared/site-routes.ts';
import { readBuiltSite } from '../../tests/helpers/built-site.ts';
import { readingOrder } from './reading-order.ts';

const link = (path: string): PageLink => ({ path, title: path });

describe('readingOrder', () => {
  it('reverses the pages of a reversed folder among themselves, leaving the rest in sidebar order', () => {
    const flat = ['/r', '/r/c', '/r/b', '/r/a', '/s/z', '/s/y', '/t'].map(link);
    const folderOf = (path: string) => (path.startsWith('/r/') ? 'r' : path.startsWith('/s/') ? 's' : null);
    expect(readingOrder(flat, folderOf).map((l) => l.path)).toEqual(['/r', '/r/a', '/r/b', '/r/c', '/s/y', '/s/z', '/t']);
  });

  it('keeps the sidebar order when no folder is reversed', () => {
    const flat = ['/a', '/b', '/c'].map(link);
    expect(readingOrder(flat, () => null)).toEqual(flat);
  });
});

describe('release notes pagination in the built site', () => {
  const dist = inject('realDist');
  const site = readBuiltSite(dist);
  const page = (path: string): PageData => {
    const route = site.routes.find((r) => r.path === path);
    if (!hasPageData(route)) throw new Error(`no page data for ${path}`);
    return JSON.parse(readFileSync(join(dist, route.data), 'utf8')) as PageData;
  };

  it.each(['ru', 'en'] as const)('in %s, "Next" goes to the newer month and "Previous" to the older one', (locale) => {
    const prefix = locale === 'ru' ? '/docs/releases' : '/en/docs/releases';
    const months = site.routes
      .filter((r) => r.kind === 'doc' && r.locale === locale && /\/releases\/\d{4}-\d{2}$/.test(r.path))
      .map((r) => r.path)
      .sort();
    expect(months.length).toBeGreaterThan(10);
    months.forEach((path, i) => {
      const data = page(path);
      expect(data.next?.path ?? null, `next of ${path}`).toBe(months[i + 1] ?? null);
      expect(data.prev?.path ?? null, `prev of ${path}`).toBe(months[i - 1] ?? prefix);
    });
    // The overview leads to the first month, where the history starts.
    expect(page(prefix).next?.path).toBe(months[0]);
  });
});
