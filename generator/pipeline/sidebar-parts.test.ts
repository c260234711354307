import { describe, expect, it } from 'vitest';
import type { RouteEntry, SidebarGroup, SidebarItem } from '@vitrina-docs/schemas';
import { mapPartUrls, splitSidebar, type SidebarPartInput } from './sidebar-parts.ts';

const route = (path: string): RouteEntry => ({
  kind: 'doc',
  path,
  locale: 'ru',
  key: path,
  title: `Страница ${path}`,
  alternates: { ru: path, en: `/en${path}` },
  sidebar: 'mobile',
  version: null,
  api: false,
  data: `/data/ru${path}.0123456789.json`,
});
const link = (path: string): SidebarItem => ({ type: 'link', label: `Страница ${path}`, path, version: null });
const group = (folder: string, pages: number, collapsed: boolean, extra: SidebarItem[] = []): SidebarGroup => ({
  type: 'group',
  label: folder,
  path: `/docs/mobile/${folder}`,
  version: null,
  collapsed,
  items: [...Array.from({ length: pages }, (_, i) => link(`/docs/mobile/${folder}/p${i}`)), ...extra],
});
const paths = (items: readonly SidebarItem[]): string[] =>
  items.flatMap((i) => (i.type === 'link' ? [i.path] : [...(i.path ? [i.path] : []), ...paths(i.items)]));

function split(items: SidebarItem[], options: { foldAbovePages?: number; extraRoutes?: string[] } = {}) {
  const written: SidebarPartInput[] = [];
  const routes = [...paths(items), ...(options.extraRoutes ?? [])].map(route);
  const result = splitSidebar({
    prefix: '/docs/mobile',
    items,
    routes,
    write: (part) => {
      written.push(part);
      return `/manifest/ru/part-${written.length}.json`;
    },
    ...(options.foldAbovePages === undefined ? {} : { foldAbovePages: options.foldAbovePages }),
  });
  return { ...result, written };
}

describe('splitSidebar', () => {
  it('moves a large folded group to a part: its head stays, its pages and routes go', () => {
    const { items, routes, written, partOf } = split([link('/docs/mobile'), group('visits', 12, true), group('small', 2, true)]);
    const head = items[1] as SidebarGroup;
    expect(head).toMatchObject({ label: 'visits', path: '/docs/mobile/visits', collapsed: true, items: [] });
    expect(head.part).toEqual({ url: '/manifest/ru/part-1.json', prefix: '/docs/mobile/visits' });
    expect(written).toHaveLength(1);
    expect(written[0]!.items).toEqual(group('visits', 12, true).items);
    expect(written[0]!.routes.map((r) => r.path).sort()).toEqual(paths([group('visits', 12, true)]).sort());
    // A small group costs less inline than as a request.
    expect((items[2] as SidebarGroup).part).toBeUndefined();
    expect((items[2] as SidebarGroup).items).toHaveLength(2);
    expect(routes.map((r) => r.path)).toEqual(['/docs/mobile', '/docs/mobile/small', '/docs/mobile/small/p0', '/docs/mobile/small/p1']);
    expect(partOf.get('/docs/mobile/visits/p3')).toBe('/manifest/ru/part-1.json');
    expect(partOf.get('/docs/mobile/visits')).toBe('/manifest/ru/part-1.json');
    expect(partOf.has('/docs/mobile/small/p0')).toBe(false);
  });

  it('keeps an open group inline while the sidebar is small, and folds large ones into parts once it is large', () => {
    const tree = [group('a', 12, false), group('b', 12, false)];
    expect(split(tree).written).toHaveLength(0);
    const large = split(tree, { foldAbovePages: 20 });
    expect(large.written.map((p) => p.prefix)).toEqual(['/docs/mobile/a', '/docs/mobile/b']);
    expect(large.items.every((g) => g.type === 'group' && g.collapsed && g.items.length === 0)).toBe(true);
    expect(large.routes).toEqual([]);
  });

  it('keeps a large group whole in its part: its inner groups go with it', () => {
    const inner = group('outer/inner', 12, true);
    const { written, items } = split([group('outer', 2, true, [inner])]);
    expect(written).toHaveLength(1);
    expect(written[0]!.items.at(-1)).toEqual(inner);
    expect(written[0]!.routes).toHaveLength(16); // outer's 2 pages and own page, inner's 12 and own page
    expect((items[0] as SidebarGroup).part?.prefix).toBe('/docs/mobile/outer');
  });

  it('leaves inline a group whose folder prefix another page of the chunk shares', () => {
    // A page outside the group under its folder: the browser could not tell which file holds it.
    const { written } = split([group('visits', 12, true)], { extraRoutes: ['/docs/mobile/visits/hidden'] });
    expect(written).toHaveLength(0);
  });

  it('visits the groups of an open group', () => {
    const { written, items } = split([{ ...group('ic3', 1, false), items: [link('/docs/mobile/ic3/a'), group('ic3/visits', 12, true)] }]);
    expect(written.map((p) => p.prefix)).toEqual(['/docs/mobile/ic3/visits']);
    const ic3 = items[0] as SidebarGroup;
    expect(ic3.items).toHaveLength(2);
    expect((ic3.items[1] as SidebarGroup).part?.prefix).toBe('/docs/mobile/ic3/visits');
  });

  it('maps the URLs of the parts a tree names', () => {
    const { items } = split([group('visits', 12, true)]);
    const mapped = mapPartUrls(items, (u) => u.replace('.json', '.dev.json'));
    expect((mapped[0] as SidebarGroup).part?.url).toBe('/manifest/ru/part-1.dev.json');
  });
});
