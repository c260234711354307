import type { Category, LocaleCode, PageLink, SidebarGroup, SidebarId, SidebarItem, SiteConfig } from '@vitrina-docs/schemas';
import type { TransformedPage } from './transform.ts';

interface FolderNode {
  name: string;
  path: string[];
  category: Category | null;
  index: TransformedPage | null;
  pages: TransformedPage[];
  children: Map<string, FolderNode>;
}

const label = (p: TransformedPage) => p.fm.sidebar_label ?? p.fm.title;

function folderTree(pages: readonly TransformedPage[], categories: Map<string, Category>, sidebar: SidebarId): FolderNode {
  const root: FolderNode = {
    name: sidebar,
    path: [sidebar],
    category: categories.get(`docs/${sidebar}`) ?? null,
    index: null,
    pages: [],
    children: new Map(),
  };
  for (const p of pages) {
    let node = root;
    for (const seg of p.folder.slice(1)) {
      let child = node.children.get(seg);
      if (!child) {
        const path = [...node.path, seg];
        child = {
          name: seg,
          path,
          category: categories.get(`docs/${path.join('/')}`) ?? null,
          index: null,
          pages: [],
          children: new Map(),
        };
        node.children.set(seg, child);
      }
      node = child;
    }
    if (p.isIndex) node.index = p;
    else node.pages.push(p);
  }
  return root;
}

function versionOf(node: FolderNode, inherited: string | null): string | null {
  return node.category?.version ?? inherited;
}

function itemsOf(
  node: FolderNode,
  locale: LocaleCode,
  inherited: string | null,
  depth: number,
): { item: SidebarItem; position: number; name: string }[] {
  const version = versionOf(node, inherited);
  const entries: { item: SidebarItem; position: number; name: string }[] = [];
  for (const p of node.pages) {
    entries.push({
      item: { type: 'link', label: label(p), path: p.path, version: p.version },
      position: p.fm.sidebar_position ?? Number.MAX_SAFE_INTEGER,
      name: p.key,
    });
  }
  for (const child of node.children.values()) {
    const childVersion = versionOf(child, version);
    const group: SidebarGroup = {
      type: 'group',
      label: child.category?.label[locale] ?? child.name,
      path: child.index?.path ?? null,
      version: childVersion,
      collapsed: child.category?.collapsed ?? depth >= 1,
      items: itemsOf(child, locale, childVersion, depth + 1).map((e) => e.item),
    };
    entries.push({ item: group, position: child.category?.position ?? Number.MAX_SAFE_INTEGER, name: child.name });
  }
  return entries.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}

/** Keeps the items shared by every version and those of `version`. */
export function filterVersion(items: readonly SidebarItem[], version: string): SidebarItem[] {
  const out: SidebarItem[] = [];
  for (const item of items) {
    if (item.version !== null && item.version !== version) continue;
    if (item.type === 'group') {
      const children = filterVersion(item.items, version);
      if (children.length === 0 && !item.path) continue;
      out.push({ ...item, items: children });
    } else out.push(item);
  }
  return out;
}

/** The sidebars of one locale: sidebar → version ("" when the sidebar has none) → items. */
export function buildSidebars(
  pages: readonly TransformedPage[],
  categories: Map<string, Category>,
  site: SiteConfig,
  locale: LocaleCode,
): Partial<Record<SidebarId, Record<string, SidebarItem[]>>> {
  const result: Partial<Record<SidebarId, Record<string, SidebarItem[]>>> = {};
  for (const { id } of site.sidebars) {
    const own = pages.filter((p) => p.kind === 'doc' && p.locale === locale && p.sidebar === id);
    if (own.length === 0) continue;
    const tree = folderTree(own, categories, id);
    const items = itemsOf(tree, locale, null, 0).map((e) => e.item);
    if (tree.index) items.unshift({ type: 'link', label: label(tree.index), path: tree.index.path, version: tree.index.version });
    const versions = site.versions[id];
    result[id] = versions ? Object.fromEntries(versions.items.map((v) => [v.id, filterVersion(items, v.id)])) : { '': items };
  }
  return result;
}

/** Pages in reading order: a group's own page, then its items. */
export function flattenSidebar(items: readonly SidebarItem[]): PageLink[] {
  const out: PageLink[] = [];
  for (const item of items) {
    if (item.type === 'link') out.push({ path: item.path, title: item.label });
    else {
      if (item.path) out.push({ path: item.path, title: item.label });
      out.push(...flattenSidebar(item.items));
    }
  }
  return out;
}
