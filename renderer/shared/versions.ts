/**
 * Versioned sidebars (api: v1.5/v1, mobile: ic3/ic2): which items a version shows, and
 * where switching version from a page leads. Pure, shared by server and browser.
 */
import type { HastNode, LocaleCode, Manifest, PageData, RouteEntry, SidebarId, SidebarItem } from '@vitrina-docs/schemas';
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
 * the same page when it is shared by both versions, the counterpart the page JSON names
 * (`counterparts`, found by the generator), else the path with the version segment replaced
 * when it exists, else the version's first page.
 */
export function versionSwitchTarget(input: {
  path: string;
  from: string | null;
  to: string;
  items: SidebarItem[];
  routes: { get(path: string): RouteEntry | undefined };
  counterparts?: Record<string, string>;
  /** The version's first page (the manifest's `versions`), when known. */
  first?: string | undefined;
}): string {
  const { path, from, to, items, routes, counterparts, first } = input;
  if (from === null && sidebarContains(items, path)) return path;
  const named = counterparts?.[to];
  if (named) return named;
  if (from !== null) {
    const counterpart = withVersion(path, from, to);
    if (counterpart && routes.get(counterpart)) return counterpart;
  }
  if (first) return first;
  const links = flattenLinks(items);
  return (links.find((l) => l.version === to) ?? links[0])?.path ?? path;
}

/** The path with its version segment `from` replaced by `to`; null when it has none. */
export function withVersion(path: string, from: string, to: string): string | null {
  const segments = path.split('/');
  const i = segments.indexOf(from);
  if (i <= 0) return null;
  segments[i] = to;
  return segments.join('/');
}

/** The short name of a version ("IC3", "v1.5"). */
/** True for a page of a legacy version (it shows the legacy notice above its title). */
export function isLegacyPage(manifest: Pick<Manifest, 'versions'>, page: Pick<PageData, 'sidebar' | 'version'> | null): boolean {
  if (!page?.sidebar || !page.version) return false;
  return manifest.versions[page.sidebar]?.items.find((v) => v.id === page.version)?.legacy === true;
}

export function versionName(manifest: Pick<Manifest, 'versions'>, sidebar: SidebarId, version: string): string {
  return manifest.versions[sidebar]?.items.find((v) => v.id === version)?.name ?? version;
}

/** True when the page has an element with this id: a heading, an anchor of its body, or an API section. */
export function pageHasId(page: PageData, id: string, extraIds: readonly string[] = []): boolean {
  if (extraIds.includes(id) || page.toc.some((e) => e.id === id)) return true;
  const walk = (nodes: readonly HastNode[]): boolean =>
    nodes.some((n) => n.type === 'element' && (n.properties?.['id'] === id || walk(n.children)));
  return walk(page.body.children);
}
