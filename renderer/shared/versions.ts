/**
 * Versioned sidebars (api: v1.5/v1, mobile: ic3/ic2): which items a version shows, and
 * where switching version from a page leads. Pure, shared by server and browser.
 */
import type { LocaleCode, Manifest, RouteEntry, SidebarId, SidebarItem } from '@vitrina-docs/schemas';
import type { SiteRoutes } from './site-routes.ts';

/** The version ids of a sidebar, or null when it has no version dimension. */
export function versionsOf(manifest: Pick<Manifest, 'versions'>, sidebar: SidebarId | null): string[] | null {
  const info = sidebar ? manifest.versions[sidebar] : undefined;
  return info ? info.items.map((v) => v.id) : null;
}

/**
 * The items of a sidebar in one version (null for unversioned sidebars), from its chunk; while
 * that chunk is loading, those of `fallback` (the version of the page shown); undefined when
 * neither is loaded.
 */
export function sidebarItems(
  routes: SiteRoutes,
  locale: LocaleCode,
  sidebar: SidebarId,
  version: string | null,
  fallback: string | null = null,
): SidebarItem[] | undefined {
  return (routes.sidebar(locale, sidebar, version) ?? routes.sidebar(locale, sidebar, fallback))?.items;
}

/** Every page link of a sidebar in reading order. */
export function flattenLinks(items: SidebarItem[]): { path: string; version: string | null }[] {
  const out: { path: string; version: string | null }[] = [];
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type === 'link') out.push({ path: item.path, version: item.version });
      else {
        if (item.path) out.push({ path: item.path, version: item.version });
        walk(item.items);
      }
    }
  };
  walk(items);
  return out;
}

/** True when `path` is one of the sidebar's pages. */
export function sidebarContains(items: SidebarItem[], path: string): boolean {
  return flattenLinks(items).some((l) => l.path === path);
}

/**
 * Where switching from `path` (of version `from`, or shared when null) to version `to` leads:
 * the same page when it is shared by both versions, the counterpart (the path with the
 * version segment replaced) when it exists, else the version's first page.
 */
export function versionSwitchTarget(input: {
  path: string;
  from: string | null;
  to: string;
  items: SidebarItem[];
  routes: { get(path: string): RouteEntry | undefined };
}): string {
  const { path, from, to, items, routes } = input;
  if (from === null && sidebarContains(items, path)) return path;
  if (from !== null) {
    const segments = path.split('/');
    const i = segments.indexOf(from);
    if (i > 0) {
      segments[i] = to;
      const counterpart = segments.join('/');
      if (routes.get(counterpart)) return counterpart;
    }
  }
  const links = flattenLinks(items);
  return (links.find((l) => l.version === to) ?? links[0])?.path ?? path;
}
