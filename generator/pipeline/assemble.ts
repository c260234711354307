import {
  type Announcement,
  type ApiOperation,
  type BlogPostSummary,
  type Breadcrumb,
  type ChunkRef,
  type LocaleCode,
  type LocaleData,
  type Manifest,
  type ManifestChunk,
  type PageData,
  type RouteEntry,
  type SearchShardRef,
  type SidebarItem,
  type SiteConfig,
  type UiStrings,
} from '@vitrina-docs/schemas';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { shortHash } from '../hash.ts';
import { SERVICE_WORKER_URL } from '../site-paths.ts';
import type { CheckedSite } from './check.ts';
import { buildSidebars, flattenSidebar } from './sidebars.ts';
import { splitSidebar } from './sidebar-parts.ts';
import { readingOrder } from './reading-order.ts';
import type { CompiledPage } from '../markdown/processor.ts';
import type { TransformedPage } from './transform.ts';

export interface AssembleInput {
  checked: CheckedSite & { site: SiteConfig };
  ui: Record<LocaleCode, UiStrings>;
  pages: TransformedPage[];
  operations: Map<TransformedPage, Partial<Record<LocaleCode, ApiOperation>>>;
  /** Route path → version → the same page in that version (pipeline/counterparts.ts). */
  counterparts: ReadonlyMap<string, Record<string, string>>;
  lastUpdated: (file: string) => string | null;
  openapi: Record<string, string>;
  css: string[];
  search: Partial<Record<LocaleCode, SearchShardRef>>;
  feeds: Partial<Record<LocaleCode, { rss: string; atom: string }>>;
  /** The moment the build runs (an announcement past its end date is left out). */
  now?: Date;
  /** Files of content/static, as site paths: the social images present are listed in the manifest. */
  staticFiles: ReadonlySet<string>;
  /**
   * Takes each page JSON as it is made (a build writes it out): it is then not kept in
   * `pageJson`, and `pageData` holds each page without its body.
   */
  emitPage?: (url: string, json: string) => void;
  /** A compiled page's body (where a build keeps it: see BodySpool); default its `body`. */
  bodyOf?: (page: CompiledPage) => string;
}

export interface AssembledSite {
  /** The shell (`manifest.json`). */
  manifest: Manifest;
  /** Every chunk, by URL: those the shell names and the parts their trees name. */
  chunks: Map<string, ManifestChunk>;
  /** Serialised chunks by URL. */
  chunkJson: Map<string, string>;
  /** Every route of the site (those of the shell and of the chunks), in locale order. */
  routes: RouteEntry[];
  /** The chunks a route's page is drawn with (its sidebar in the page's version and the part that holds it, or the blog), by route path. */
  chunksOfRoute: Map<string, string[]>;
  /** Page JSON by URL (the `data` of its route). */
  pageData: Map<string, PageData>;
  /** Serialised page JSON by URL. */
  pageJson: Map<string, string>;
}

function alternatesOf(key: string, locales: readonly LocaleCode[]): Partial<Record<LocaleCode, string>> {
  return Object.fromEntries(locales.map((l) => [l, withLocale(key, l)]));
}

/** The announcement of a locale; null when there is none or its last day is over (Moscow time). */
export function announcementOf(site: SiteConfig, locale: LocaleCode, now: Date): Announcement | null {
  const a = site.announcement;
  if (!a) return null;
  let expires: string | null = null;
  if (a.until) {
    const next = new Date(`${a.until}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    expires = `${next.toISOString().slice(0, 10)}T00:00:00+03:00`;
    if (now.getTime() >= Date.parse(expires)) return null;
  }
  const to = a.link?.to;
  const link = a.link && to ? { label: a.link.label[locale], to: to.startsWith('/') ? withLocale(to, locale) : to } : null;
  return { id: a.id, text: a.text[locale], link, expires };
}

/** The first page of a version in a sidebar tree (reading order). */
function firstPageOf(items: readonly SidebarItem[], version: string): string | null {
  for (const item of items) {
    if (item.version === version && item.path) return item.path;
    if (item.type === 'group') {
      const inner = firstPageOf(item.items, version);
      if (inner) return inner;
    }
  }
  return null;
}

function markdownUrl(path: string): string {
  return path === '/' ? '/index.md' : `${path}.md`;
}

/**
 * The page JSON text: `head`, then the body (JSON text, written as it is), then `tail`, in
 * PageData's key order (what JSON.stringify of the whole object gives, without parsing the body).
 */
export function pageJsonText(head: object, bodyJson: string, tail: object): string {
  return `${JSON.stringify(head).slice(0, -1)},"body":${bodyJson},${JSON.stringify(tail).slice(1)}`;
}

/**
 * PageData whose body is parsed from its JSON text when first read (a build only writes the
 * text); without the text (the page JSON was emitted), reading the body is an error.
 */
function withLazyBody(head: object, bodyJson: string | null, tail: object, url: string): PageData {
  let body: PageData['body'] | undefined;
  // (The body keeps its place among the keys, as in the JSON.)
  return Object.defineProperty({ ...head, body: null, ...tail }, 'body', {
    enumerable: true,
    get: () => {
      if (bodyJson === null) throw new Error(`the body of ${url} was written out, not kept`);
      return (body ??= JSON.parse(bodyJson) as PageData['body']);
    },
  }) as unknown as PageData;
}

/** Stage 6 (data half): the manifest and one page JSON per page and locale. */
export function assembleSite(input: AssembleInput): AssembledSite {
  const { checked, ui, pages } = input;
  const site = checked.site;
  const locales = site.locales.map((l) => l.code);
  const localesOfKey = new Map<string, LocaleCode[]>();
  for (const p of pages) localesOfKey.set(p.key, [...(localesOfKey.get(p.key) ?? []), p.locale]);

  const localeData: Partial<Record<LocaleCode, LocaleData>> = {};
  const routes: RouteEntry[] = [];
  const chunks = new Map<string, ManifestChunk>();
  const chunkJson = new Map<string, string>();
  const chunksOfRoute = new Map<string, string[]>();
  /** Writes a chunk under a content-hashed URL: `/manifest/<locale>/<name>.<hash>.json`. */
  const addChunk = (locale: LocaleCode, name: string, chunk: ManifestChunk): string => {
    const json = JSON.stringify(chunk);
    const url = `/manifest/${locale}/${name}.${shortHash(json)}.json`;
    chunks.set(url, chunk);
    chunkJson.set(url, json);
    return url;
  };
  const pageData = new Map<string, PageData>();
  const pageJson = new Map<string, string>();
  /** `sidebar version` → locale → the version's first page (the legacy notice's link when a page has no counterpart). */
  const firstPages = new Map<string, Partial<Record<LocaleCode, string>>>();

  for (const info of site.locales) {
    const locale = info.code;
    const strings = ui[locale];
    const sidebars = buildSidebars(pages, checked.categories, site, locale);
    for (const [id, set] of Object.entries(site.versions)) {
      for (const v of set?.items ?? []) {
        const first = firstPageOf(sidebars[id as keyof typeof sidebars]?.[v.id] ?? [], v.id);
        if (first) firstPages.set(`${id} ${v.id}`, { ...firstPages.get(`${id} ${v.id}`), [locale]: first });
      }
    }
    const sidebarLabels = new Map(site.sidebars.map((s) => [s.id, s]));
    const own = pages.filter((p) => p.locale === locale);
    /** A page that prev/next read in reverse (its folder's `pagination: reverse`) → that folder. */
    const reversedFolder = new Map<string, string>();
    for (const p of own) {
      const folder = `docs/${p.folder.join('/')}`;
      if (p.kind === 'doc' && !p.isIndex && checked.categories.get(folder)?.pagination === 'reverse') reversedFolder.set(p.path, folder);
    }

    const shellRoutes: RouteEntry[] = [];
    const docRoutes: Extract<RouteEntry, { kind: 'doc' }>[] = [];
    const postRoutes: RouteEntry[] = [];
    const special = (kind: 'home' | 'search' | 'blog-index' | 'blog-archive', key: string, title: string): RouteEntry => ({
      kind,
      path: withLocale(key, locale),
      locale,
      key,
      title,
      alternates: alternatesOf(key, locales),
    });
    shellRoutes.push(
      special('home', '/', strings.home.title),
      special('search', '/search', strings.search.title),
      special('blog-index', '/blog', strings.blog.title),
      special('blog-archive', '/blog/archive', strings.blog.archive),
    );
    for (const r of site.redirects) {
      shellRoutes.push({
        kind: 'redirect',
        path: withLocale(r.from, locale),
        locale,
        key: r.from,
        title: r.to,
        alternates: alternatesOf(r.from, locales),
        to: withLocale(r.to, locale),
      });
    }

    for (const p of own) {
      const alternates = alternatesOf(p.key, localesOfKey.get(p.key) ?? [locale]);
      let prev = null;
      let next = null;
      const breadcrumbs: Breadcrumb[] = [{ label: strings.page.home, path: withLocale('/', locale) }];
      if (p.kind === 'doc' && p.sidebar) {
        const versions = site.versions[p.sidebar];
        const items = sidebars[p.sidebar]?.[p.version ?? versions?.current ?? ''] ?? [];
        const flat = readingOrder(flattenSidebar(items), (path) => reversedFolder.get(path) ?? null);
        const i = flat.findIndex((l) => l.path === p.path);
        if (i >= 0) {
          prev = flat[i - 1] ?? null;
          next = flat[i + 1] ?? null;
        }
        const sb = sidebarLabels.get(p.sidebar);
        if (sb)
          breadcrumbs.push({
            label: sb.label[locale],
            path: withLocale(sb.landing, locale) === p.path ? null : withLocale(sb.landing, locale),
          });
        for (let d = 2; d <= p.folder.length; d++) {
          const folder = p.folder.slice(0, d);
          const cat = checked.categories.get(`docs/${folder.join('/')}`);
          const indexKey = `/docs/${folder.join('/')}`;
          const indexPath = checked.routeKeys.has(indexKey) ? withLocale(indexKey, locale) : null;
          if (indexPath === p.path) continue;
          breadcrumbs.push({ label: cat?.label[locale] ?? folder[folder.length - 1]!, path: indexPath });
        }
      } else {
        breadcrumbs.push({ label: strings.blog.title, path: withLocale('/blog', locale) });
      }
      const head: Pick<PageData, 'kind' | 'locale' | 'path' | 'title' | 'description' | 'sidebar' | 'version' | 'breadcrumbs' | 'toc'> = {
        kind: p.kind,
        locale,
        path: p.path,
        title: p.fm.title,
        description: p.fm.description,
        sidebar: p.sidebar,
        version: p.version,
        breadcrumbs,
        toc: p.compiled.toc,
      };
      const tail: Omit<PageData, keyof typeof head | 'body'> = {
        prev,
        next,
        alternates,
        counterparts: input.counterparts.get(p.path) ?? {},
        operation: input.operations.get(p)?.[locale] ?? null,
        lastUpdated: input.lastUpdated(p.src.file),
        editUrl: `${site.editUrl.replace(/\/?$/, '/')}${p.src.file}`,
        markdownUrl: markdownUrl(p.path),
        blog: p.kind === 'blog-post' ? { date: p.src.route.date ?? '', authors: p.fm.authors ?? [], tags: p.fm.tags ?? [] } : null,
      };
      const body = input.bodyOf ? input.bodyOf(p.compiled) : p.compiled.body;
      const json = pageJsonText(head, body, tail);
      const url = `/data/${locale}/${p.key.slice(1)}.${shortHash(json)}.json`;
      if (input.emitPage) {
        input.emitPage(url, json);
        pageData.set(url, withLazyBody(head, null, tail, url));
      } else {
        pageData.set(url, withLazyBody(head, body, tail, url));
        pageJson.set(url, json);
      }
      if (p.kind === 'doc')
        docRoutes.push({
          kind: 'doc',
          path: p.path,
          locale,
          key: p.key,
          title: p.fm.title,
          alternates,
          sidebar: p.sidebar!,
          version: p.version,
          api: Boolean(p.fm.api),
          data: url,
        });
      else
        postRoutes.push({
          kind: 'blog-post',
          path: p.path,
          locale,
          key: p.key,
          title: p.fm.title,
          alternates,
          date: p.src.route.date ?? '',
          data: url,
        });
    }

    const posts: BlogPostSummary[] = own
      .filter((p) => p.kind === 'blog-post')
      .map((p) => ({
        path: p.path,
        title: p.fm.title,
        description: p.fm.description,
        date: p.src.route.date ?? '',
        authors: p.fm.authors ?? [],
        tags: p.fm.tags ?? [],
      }))
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
    const latestReleases = own
      .filter((p) => /^\/docs\/releases\/\d{4}-\d{2}$/.test(p.key))
      .sort((a, b) => (a.key < b.key ? 1 : -1))
      .slice(0, 3)
      .map((p) => ({ path: p.path, title: p.fm.title, description: p.fm.description }));

    // The chunks: one per sidebar and version (the tree and the routes of its pages), and the blog.
    const refs: ChunkRef[] = [];
    for (const { id } of site.sidebars) {
      const trees = sidebars[id];
      if (!trees) continue;
      const prefix = withLocale(`/docs/${id}`, locale);
      const versionInfo = site.versions[id];
      // The current version first: a shared page is drawn with it.
      const order = versionInfo
        ? [versionInfo.current, ...versionInfo.items.map((v) => v.id).filter((v) => v !== versionInfo.current)]
        : [''];
      const inTrees = new Set(Object.values(trees).flatMap((items) => flattenSidebar(items).map((l) => l.path)));
      for (const version of order) {
        const items = trees[version] ?? [];
        const paths = new Set(flattenSidebar(items).map((l) => l.path));
        // The pages of the tree; a page that no tree shows goes with its version, or with the first chunk.
        const members = docRoutes.filter(
          (r) =>
            r.sidebar === id &&
            (paths.has(r.path) ||
              (!inTrees.has(r.path) && (r.version === (version || null) || (r.version === null && version === order[0])))),
        );
        const name = version ? `${id}.${version}` : id;
        // Large groups go to parts of their own (named by their folder, `~` for `/`).
        const split = splitSidebar({
          prefix,
          items,
          routes: members,
          write: (part) =>
            addChunk(locale, `${name}.${part.prefix.slice(prefix.length + 1).replaceAll('/', '~')}`, {
              kind: 'part',
              locale,
              sidebar: id,
              version: version || null,
              prefix: part.prefix,
              items: part.items,
              routes: part.routes,
            }),
        });
        const url = addChunk(locale, name, {
          kind: 'sidebar',
          locale,
          sidebar: id,
          version: version || null,
          items: split.items,
          routes: split.routes,
        });
        refs.push({ kind: 'sidebar', sidebar: id, version: version || null, prefix, url });
        for (const r of members) {
          // A page is drawn with the chunk of its own version (and the part that holds it); a
          // shared page with the current version's.
          if ((r.version ?? order[0]) === (version || order[0]) && !chunksOfRoute.has(r.path)) {
            const part = split.partOf.get(r.path);
            chunksOfRoute.set(r.path, part ? [url, part] : [url]);
          }
        }
      }
    }
    const blogUrl = addChunk(locale, 'blog', { kind: 'blog', locale, posts, routes: postRoutes });
    refs.push({ kind: 'blog', sidebar: null, version: null, prefix: withLocale('/blog', locale), url: blogUrl });
    for (const r of [...postRoutes, ...shellRoutes]) {
      if (r.kind === 'blog-post' || r.kind === 'blog-index' || r.kind === 'blog-archive') chunksOfRoute.set(r.path, [blogUrl]);
    }
    routes.push(...shellRoutes, ...postRoutes, ...docRoutes);

    localeData[locale] = {
      info: {
        code: locale,
        label: info.label,
        lang: info.lang,
        dir: info.dir,
        pathPrefix: withLocale('/', locale) === '/' ? '' : withLocale('/', locale),
      },
      ui: strings,
      navbar: site.sidebars.map((s) => ({ sidebar: s.id, label: s.label[locale], path: withLocale(s.landing, locale) })),
      footer: {
        columns: site.footer.columns.map((c) => ({
          title: c.title[locale],
          links: c.links.map((l) => ({
            label: l.label[locale],
            to: l.to.startsWith('/') ? withLocale(l.to, locale) : l.to,
            external: !l.to.startsWith('/'),
          })),
        })),
        copyright: `© ${site.copyrightYear} ${site.copyrightHolder}`,
      },
      latestReleases,
      search: input.search[locale] ?? null,
      announcement: announcementOf(site, locale, input.now ?? new Date()),
      feeds: input.feeds[locale] ?? null,
      social: Object.fromEntries(
        ['home', ...site.sidebars.map((s) => s.id)]
          .map((key) => [key, `/og/${locale}-${key}.jpg`] as const)
          .filter(([, path]) => input.staticFiles.has(path)),
      ),
      routes: shellRoutes,
      chunks: refs,
    };
  }

  const versions = Object.fromEntries(
    Object.entries(site.versions).map(([id, v]) => [
      id,
      {
        current: v.current,
        items: v.items.map((i) => ({
          id: i.id,
          name: i.name ?? i.id,
          label: i.label,
          legacy: i.legacy,
          first: firstPages.get(`${id} ${i.id}`) ?? {},
        })),
      },
    ]),
  );
  const body = {
    site: {
      name: site.name,
      url: site.url,
      productUrl: site.productUrl,
      copyright: `© ${site.copyrightYear} ${site.copyrightHolder}`,
      analytics: site.analytics,
    },
    defaultLocale: site.defaultLocale,
    locales: localeData,
    versions,
    openapi: input.openapi,
    assets: { css: input.css },
    ...(site.offline ? { offline: { serviceWorker: SERVICE_WORKER_URL, sidebars: site.offline.sidebars } } : {}),
  };
  return { manifest: stamped(body), chunks, chunkJson, routes, chunksOfRoute, pageData, pageJson };
}

/** The shell with its build id, which covers the chunks and page JSON too (their URLs are in the shell and the chunks). */
function stamped(body: Omit<Manifest, 'schemaVersion' | 'buildId'>): Manifest {
  return { schemaVersion: 2, buildId: shortHash(JSON.stringify(body), 12), ...body };
}

/**
 * The shell with the search index of each locale: what `assembleSite` makes when it is given
 * `search`. (A build puts the pages together while a worker makes the index.)
 */
export function withSearch(manifest: Manifest, search: Partial<Record<LocaleCode, SearchShardRef>>): Manifest {
  const { schemaVersion: _schema, buildId: _id, ...body } = manifest;
  const locales = Object.fromEntries(
    Object.entries(body.locales).map(([locale, data]) => [locale, { ...data, search: search[locale as LocaleCode] ?? null }]),
  ) as Manifest['locales'];
  return stamped({ ...body, locales });
}
