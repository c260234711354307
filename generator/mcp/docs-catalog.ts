/**
 * What the MCP server knows of a built site besides its search: every route (from the manifest
 * and the chunks it names), the sidebar trees, each page's JSON and markdown, and the API
 * operations by operationId. Read once, on first use.
 */
import type {
  ApiOperation,
  LocaleCode,
  Manifest,
  ManifestChunk,
  PageData,
  RouteEntry,
  SidebarId,
  SidebarItem,
} from '@vitrina-docs/schemas';
import type { SiteFiles } from './site-files.ts';

/** A question the site cannot answer as asked (an unknown page or operation): the message says what to do instead. */
export class DocsLookupError extends Error {
  override name = 'DocsLookupError';
}

/** A page of a sidebar, in the sidebar's order, with the groups above it. */
export interface SidebarPage {
  id: string;
  title: string;
  url: string;
  section: string[];
  version: string | null;
}

type DocRoute = Extract<RouteEntry, { kind: 'doc' | 'blog-post' }>;

export class DocsCatalog {
  private readonly routes = new Map<string, RouteEntry>();
  private readonly trees = new Map<string, SidebarItem[]>();
  private readonly pages = new Map<string, Promise<PageData>>();
  private operationsByLocale = new Map<LocaleCode, Promise<Map<string, { page: PageData; op: ApiOperation }[]>>>();

  private constructor(
    readonly manifest: Manifest,
    private readonly files: SiteFiles,
  ) {}

  static async open(files: SiteFiles): Promise<DocsCatalog> {
    const manifest = (await files.json('/manifest.json')) as Manifest;
    if (!manifest?.locales || !manifest.site) throw new Error(`${files.where}: manifest.json is not a vitrina-docs manifest`);
    const catalog = new DocsCatalog(manifest, files);
    await catalog.readChunks();
    return catalog;
  }

  get siteUrl(): string {
    return this.manifest.site.url.replace(/\/$/, '');
  }

  get locales(): LocaleCode[] {
    return Object.keys(this.manifest.locales) as LocaleCode[];
  }

  private async readChunks(): Promise<void> {
    for (const data of Object.values(this.manifest.locales)) for (const r of data?.routes ?? []) this.routes.set(r.path, r);
    const read = async (url: string): Promise<ManifestChunk> => {
      const chunk = (await this.files.json(url)) as ManifestChunk;
      for (const r of chunk.routes) if (!this.routes.has(r.path)) this.routes.set(r.path, r);
      if (chunk.kind === 'blog') return chunk;
      // A group whose pages are in a part: the part's items take its place.
      const fill = async (items: SidebarItem[]): Promise<SidebarItem[]> =>
        Promise.all(
          items.map(async (item) => {
            if (item.type !== 'group') return item;
            const part = item.part ? await read(item.part.url) : null;
            const own = part && part.kind !== 'blog' ? part.items : item.items;
            return { ...item, items: await fill(own) };
          }),
        );
      const items = await fill(chunk.items);
      if (chunk.kind === 'sidebar') this.trees.set(treeKey(chunk.locale, chunk.sidebar, chunk.version), items);
      return { ...chunk, items };
    };
    await Promise.all(Object.values(this.manifest.locales).flatMap((data) => (data?.chunks ?? []).map((ref) => read(ref.url))));
  }

  /** The route of a page: a route (`/docs/a`, `docs/a`, `/docs/a.md`, `/docs/a#anchor`) or a URL of the site. */
  resolve(id: string): DocRoute {
    const raw = id.trim();
    if (!raw) throw new DocsLookupError('the id is empty: pass an id from the search tool, a page URL or a route such as /docs/mobile');
    let path = raw;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
      try {
        path = new URL(raw).pathname;
      } catch {
        throw new DocsLookupError(`"${raw}" is not a URL`);
      }
    }
    path = decodeURIComponentSafe(path.replace(/[#?].*$/, ''));
    if (!path.startsWith('/')) path = `/${path}`;
    path =
      path
        .replace(/\/index(\.html|\.md)?$/, '')
        .replace(/\.(md|html)$/, '')
        .replace(/\/+$/, '') || '/';
    let route = this.routes.get(path);
    for (let hops = 0; route?.kind === 'redirect' && hops < 5; hops++) route = this.routes.get(route.to);
    if (route && (route.kind === 'doc' || route.kind === 'blog-post')) return route;
    throw new DocsLookupError(
      route
        ? `${path} is the ${route.kind} page of the site, not a documentation page: search for what you need with the search tool`
        : `no page at ${path} on ${this.siteUrl}: pass an id from the search tool's results (such as /docs/mobile/ic3/visits/start) or a page URL of the site`,
    );
  }

  /** A page's JSON (title, breadcrumbs, alternates, operation, …). */
  page(route: DocRoute): Promise<PageData> {
    let page = this.pages.get(route.data);
    if (!page) {
      page = this.files.json(route.data) as Promise<PageData>;
      page.catch(() => this.pages.delete(route.data));
      this.pages.set(route.data, page);
    }
    return page;
  }

  /** A page's markdown as published at `<route>.md` (facts filled in, the API operation included). */
  async markdown(route: DocRoute): Promise<string> {
    const text = await this.files.text(`${route.path}.md`);
    if (text === null) throw new Error(`${this.files.where}${route.path}.md is missing: the site is incomplete; build it again`);
    return text;
  }

  /** The pages of a sidebar in a locale and version (the current one by default), in the sidebar's order. */
  sidebarPages(locale: LocaleCode, sidebar: SidebarId, version: string | null): SidebarPage[] {
    const versions = this.manifest.versions[sidebar];
    const v = versions ? (version ?? versions.current) : null;
    if (versions && !versions.items.some((i) => i.id === v))
      throw new DocsLookupError(
        `the ${sidebar} sidebar has no version "${version}": its versions are ${versions.items.map((i) => i.id).join(', ')}`,
      );
    const tree = this.trees.get(treeKey(locale, sidebar, v));
    if (!tree) throw new DocsLookupError(`the site has no ${sidebar} sidebar in the locale ${locale}`);
    const out: SidebarPage[] = [];
    const walk = (items: readonly SidebarItem[], section: string[]) => {
      for (const item of items) {
        if (item.type === 'link')
          out.push({ id: item.path, title: item.label, url: this.siteUrl + item.path, section, version: item.version });
        else {
          if (item.path) out.push({ id: item.path, title: item.label, url: this.siteUrl + item.path, section, version: item.version });
          walk(item.items, [...section, item.label]);
        }
      }
    };
    walk(tree, []);
    return out;
  }

  /** The API operations of a locale by operationId (every API version), read from the method pages once. */
  private operations(locale: LocaleCode): Promise<Map<string, { page: PageData; op: ApiOperation }[]>> {
    let found = this.operationsByLocale.get(locale);
    if (!found) {
      found = (async () => {
        const byId = new Map<string, { page: PageData; op: ApiOperation }[]>();
        const api = [...this.routes.values()].filter((r): r is DocRoute => r.kind === 'doc' && r.api && r.locale === locale);
        for (const page of await Promise.all(api.map((r) => this.page(r)))) {
          if (!page.operation) continue;
          const list = byId.get(page.operation.operationId) ?? [];
          list.push({ page, op: page.operation });
          byId.set(page.operation.operationId, list);
        }
        return byId;
      })();
      found.catch(() => this.operationsByLocale.delete(locale));
      this.operationsByLocale.set(locale, found);
    }
    return found;
  }

  /** An API operation by operationId, in an API version (the current one by default). */
  async operation(locale: LocaleCode, operationId: string, version: string | null): Promise<{ page: PageData; op: ApiOperation }> {
    const byId = await this.operations(locale);
    const current = this.manifest.versions.api?.current ?? null;
    const list = byId.get(operationId.trim());
    if (!list?.length) {
      const wanted = operationId.trim().toLowerCase();
      const near = [...byId.keys()].filter((k) => k.toLowerCase().includes(wanted) || wanted.includes(k.toLowerCase())).slice(0, 8);
      throw new DocsLookupError(
        `no API operation "${operationId}"${near.length ? `: did you mean ${near.join(', ')}?` : ''} (the list_api_operations tool lists them all)`,
      );
    }
    const v = version ?? current;
    const match = list.find((x) => x.op.version === v) ?? (version ? null : list[0]);
    if (!match)
      throw new DocsLookupError(
        `the operation ${operationId} is not in API ${version}; it is in ${list.map((x) => x.op.version).join(', ')}`,
      );
    return match;
  }

  /** Every API operation of a locale and API version: operationId, method, path, summary. */
  async operationList(
    locale: LocaleCode,
    version: string | null,
  ): Promise<{ operationId: string; method: string; path: string; summary: string; id: string }[]> {
    const v = version ?? this.manifest.versions.api?.current ?? null;
    const out = [];
    for (const list of (await this.operations(locale)).values())
      for (const { page, op } of list)
        if (!v || op.version === v)
          out.push({ operationId: op.operationId, method: op.method, path: op.path, summary: op.summary, id: page.path });
    return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }
}

function treeKey(locale: LocaleCode, sidebar: SidebarId, version: string | null): string {
  return `${locale}\u0000${sidebar}\u0000${version ?? ''}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
