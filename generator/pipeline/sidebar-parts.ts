/**
 * Splits a sidebar chunk into parts, so that what a page loads does not grow with its sidebar:
 * a large group keeps only its head in the chunk (`part`: the URL of a file holding its items and
 * the routes of its pages, and the folder prefix those routes share), and a page inside it loads
 * that part too. A part holds its group whole: a page needs its chunk and at most one part, which
 * the browser fetches one after the other when the page is reached by a link.
 *
 * A group goes to a part when it starts folded, or when the sidebar is large (more than
 * FOLD_ABOVE_PAGES pages: such a sidebar then shows folded every large group but the page's own,
 * as Docusaurus folds its categories), and the JSON of its items and routes is at least
 * PART_MIN_BYTES: a smaller group costs less inline than as a request of its own. A group
 * whose pages do not share a folder prefix that no other page of the chunk has stays inline: the
 * browser finds a page's part by that prefix.
 */
import type { RouteEntry, SidebarGroup, SidebarItem, SidebarPartRef } from '@vitrina-docs/schemas';
import { isUnder } from '@vitrina-docs/schemas/paths';
import { flattenSidebar } from './sidebars.ts';

/** The smallest group (JSON of its items and routes) kept in a part of its own. */
export const PART_MIN_BYTES = 2048;
/** Above this many pages, a sidebar's large groups start folded (but the page's own) and live in parts. */
export const FOLD_ABOVE_PAGES = 100;

export interface SidebarPartInput {
  prefix: string;
  items: SidebarItem[];
  routes: RouteEntry[];
}

export interface SplitSidebar {
  /** The chunk's items, large groups reduced to their heads. */
  items: SidebarItem[];
  /** The routes left in the chunk. */
  routes: RouteEntry[];
  /** Path of a page in a part → the URL of that part. */
  partOf: Map<string, string>;
}

/** The longest folder (whole path segments) that every path is in or is. */
function commonFolder(paths: readonly string[]): string {
  let segments = paths[0]!.split('/');
  for (const path of paths.slice(1)) {
    const other = path.split('/');
    let n = 0;
    while (n < segments.length && n < other.length && segments[n] === other[n]) n++;
    segments = segments.slice(0, n);
  }
  return segments.join('/');
}

/** Splits one chunk's tree. `write` stores a part and returns its URL. */
export function splitSidebar(input: {
  /** The chunk's prefix (`/docs/mobile`): a part's prefix is longer. */
  prefix: string;
  items: SidebarItem[];
  routes: RouteEntry[];
  write: (part: SidebarPartInput) => string;
  minBytes?: number;
  foldAbovePages?: number;
}): SplitSidebar {
  const { write, minBytes = PART_MIN_BYTES, foldAbovePages = FOLD_ABOVE_PAGES } = input;
  const byPath = new Map(input.routes.map((r) => [r.path, r]));
  const allPaths = input.routes.map((r) => r.path);
  const foldAll = input.routes.length > foldAbovePages;
  const partOf = new Map<string, string>();

  /** The group as the chunk keeps it: its head alone when it goes to a part, else with its subgroups visited. */
  const visit = (group: SidebarGroup): SidebarGroup => {
    const inline = (): SidebarGroup => ({ ...group, items: group.items.map((item) => (item.type === 'group' ? visit(item) : item)) });
    if (!group.collapsed && !foldAll) return inline();
    const subtree = flattenSidebar(group.items)
      .map((p) => p.path)
      .concat(group.path ? [group.path] : []);
    if (!subtree.length) return inline();
    const prefix = commonFolder(subtree);
    if (prefix.length <= input.prefix.length || !isUnder(prefix, input.prefix)) return inline();
    const inside = new Set(subtree);
    if (allPaths.some((p) => isUnder(p, prefix) && !inside.has(p))) return inline();
    const routes = subtree.filter((p) => byPath.has(p)).map((p) => byPath.get(p)!);
    if (JSON.stringify(group.items).length + JSON.stringify(routes).length < minBytes) return inline();
    const part: SidebarPartRef = { url: write({ prefix, items: group.items, routes }), prefix };
    for (const path of subtree) partOf.set(path, part.url);
    // Its pages are drawn when it opens; the page shown opens its way there.
    return { ...group, collapsed: true, items: [], part };
  };

  const items = input.items.map((item) => (item.type === 'group' ? visit(item) : item));
  return { items, routes: input.routes.filter((r) => !partOf.has(r.path)), partOf };
}

/** The tree with the URLs of the parts it names passed through `map` (the writers' preview drops their hashes). */
export function mapPartUrls(items: readonly SidebarItem[], map: (url: string) => string): SidebarItem[] {
  return items.map((item) =>
    item.type === 'link'
      ? item
      : {
          ...item,
          items: mapPartUrls(item.items, map),
          ...(item.part ? { part: { ...item.part, url: map(item.part.url) } } : {}),
        },
  );
}
