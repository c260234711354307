import { z } from 'zod';
import { UiStringsSchema } from './i18n.ts';
import { LocaleCodeSchema, LocaleInfoSchema } from './locale.ts';
import { AlternatesSchema, PageLinkSchema } from './page.ts';
import { SearchShardRefSchema } from './search.ts';
import { AnalyticsSchema } from './site.ts';
import { SidebarIdSchema, SidebarItemSchema } from './sidebar.ts';

const routeBase = {
  path: z.string().describe('The route, locale prefix included, no trailing slash (except "/")'),
  locale: LocaleCodeSchema,
  key: z.string().describe('The route without locale prefix: the same for every translation'),
  title: z.string(),
  alternates: AlternatesSchema,
};

/** A route of the site: a discriminated union on `kind`. */
export const RouteEntrySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('home'), ...routeBase }),
  z.strictObject({ kind: z.literal('search'), ...routeBase }),
  z.strictObject({ kind: z.literal('blog-index'), ...routeBase }),
  z.strictObject({ kind: z.literal('blog-archive'), ...routeBase }),
  z.strictObject({
    kind: z.literal('doc'),
    ...routeBase,
    sidebar: SidebarIdSchema,
    version: z.string().nullable(),
    api: z.boolean().describe('An API method page'),
    data: z.string().describe('URL of the page JSON'),
  }),
  z.strictObject({
    kind: z.literal('blog-post'),
    ...routeBase,
    date: z.string(),
    data: z.string(),
  }),
  z.strictObject({ kind: z.literal('redirect'), ...routeBase, to: z.string() }),
]);
export type RouteEntry = z.infer<typeof RouteEntrySchema>;
export type RouteKind = RouteEntry['kind'];

export const BlogPostSummarySchema = z.strictObject({
  path: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  authors: z.array(z.string()),
  tags: z.array(z.string()),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const NavLinkSchema = z.strictObject({ label: z.string(), to: z.string(), external: z.boolean() });
export type NavLink = z.infer<typeof NavLinkSchema>;

/**
 * Where the routes of one part of a locale live: a chunk file loaded only when a page of that
 * part is shown or a link to it is followed. A path belongs to the chunk whose `prefix` is the
 * longest one it starts with (`/docs/mobile` holds `/docs/mobile` and `/docs/mobile/…`); a
 * versioned sidebar has one chunk per version with the same prefix, tried in turn (the selected
 * version first): the pages shared by every version are in each of them.
 */
export const ChunkRefSchema = z.strictObject({
  kind: z
    .enum(['sidebar', 'part', 'blog'])
    .describe(
      'sidebar: the doc pages and the tree of one sidebar; part: a group of a sidebar kept in a file of its own (named by the group, never by the shell); blog: the blog posts',
    ),
  sidebar: SidebarIdSchema.nullable().describe('The sidebar (null for the blog)'),
  version: z.string().nullable().describe('The version of a versioned sidebar; null otherwise'),
  prefix: z.string().describe('Path prefix of the routes in the chunk, locale prefix included ("/docs/mobile", "/en/blog")'),
  url: z.string().describe('URL of the chunk file (content-hashed)'),
});
export type ChunkRef = z.infer<typeof ChunkRefSchema>;

/** The announcement bar of a locale (site.yaml `announcement`), drawn above the navbar until dismissed or expired. */
export const AnnouncementSchema = z.strictObject({
  id: z.string().describe('localStorage remembers a dismissal under this id'),
  text: z.string(),
  link: z.strictObject({ label: z.string(), to: z.string() }).nullable(),
  expires: z.iso.datetime({ offset: true }).nullable().describe('The moment the bar stops showing'),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** Everything that differs by locale: UI strings, navbar, footer, the routes outside chunks, and the chunks. */
export const LocaleDataSchema = z.strictObject({
  info: LocaleInfoSchema,
  ui: UiStringsSchema,
  navbar: z.array(
    z.strictObject({ sidebar: SidebarIdSchema, label: z.string(), path: z.string().describe('Landing route of the sidebar') }),
  ),
  footer: z.strictObject({
    columns: z.array(z.strictObject({ title: z.string(), links: z.array(NavLinkSchema) })),
    copyright: z.string(),
  }),
  latestReleases: z.array(PageLinkSchema.extend({ description: z.string() })).describe('The three latest release notes (home page)'),
  search: SearchShardRefSchema.nullable(),
  announcement: AnnouncementSchema.nullable(),
  feeds: z.strictObject({ rss: z.string(), atom: z.string() }).nullable(),
  social: z
    .record(z.string(), z.string())
    .default({})
    .describe('Open Graph image (1200×630) of the home page ("home") and of each sidebar, by key'),
  routes: z
    .array(RouteEntrySchema)
    .describe('The routes of the locale that no chunk holds: home, search, blog index and archive, redirects'),
  chunks: z.array(ChunkRefSchema).describe('Every chunk of the locale: one per sidebar and version, and the blog'),
});
export type LocaleData = z.infer<typeof LocaleDataSchema>;

export const VersionInfoSchema = z.strictObject({
  current: z.string(),
  items: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string().describe('Short name in texts ("IC3", "v1.5")'),
      label: z.partialRecord(LocaleCodeSchema, z.string()),
      legacy: z.boolean(),
      first: z.partialRecord(LocaleCodeSchema, z.string()).describe("The version's first page in each locale"),
    }),
  ),
});
export type VersionInfo = z.infer<typeof VersionInfoSchema>;

/**
 * `dist/manifest.json`: the shell of the site, the same for every page and small whatever the
 * amount of content. The doc and blog routes and the sidebar trees are in the chunks that each
 * locale names (`locales[x].chunks`), fetched as a page needs them.
 */
export const ManifestSchema = z
  .strictObject({
    schemaVersion: z.literal(2),
    buildId: z.string().describe('Changes with every build that changes the output'),
    site: z.strictObject({
      name: z.string(),
      url: z.string(),
      productUrl: z.string(),
      copyright: z.string(),
      analytics: AnalyticsSchema,
    }),
    defaultLocale: LocaleCodeSchema,
    locales: z.partialRecord(LocaleCodeSchema, LocaleDataSchema),
    versions: z.partialRecord(SidebarIdSchema, VersionInfoSchema),
    openapi: z.record(z.string(), z.string()).describe('API version → URL of the published OpenAPI file'),
    assets: z.strictObject({
      css: z.array(z.string()).describe('Stylesheets made by the build (code highlighting), for apps that embed the pages'),
    }),
    offline: z
      .strictObject({
        serviceWorker: z.string().describe('URL of the service worker script (scope: the whole site)'),
        sidebars: z.array(SidebarIdSchema).describe('The sidebars kept for offline reading, in every version'),
      })
      .optional()
      .describe('Offline reading (absent: the site registers no service worker)'),
  })
  .describe('The shell of the site (dist/manifest.json)');
export type Manifest = z.infer<typeof ManifestSchema>;

/** A chunk of one sidebar in one version and locale: its tree and the routes of its pages. */
export const SidebarChunkSchema = z.strictObject({
  kind: z.literal('sidebar'),
  locale: LocaleCodeSchema,
  sidebar: SidebarIdSchema,
  version: z.string().nullable().describe('The version (null for a sidebar without versions)'),
  items: z
    .array(SidebarItemSchema)
    .describe('The sidebar tree: the shared pages and those of the version; a large group may name a part that holds its pages'),
  routes: z.array(RouteEntrySchema).describe('The doc routes of every page in the tree but those of its parts'),
});
export type SidebarChunk = z.infer<typeof SidebarChunkSchema>;

/**
 * A part of a sidebar chunk: the pages of one large group of its tree, fetched when the group is
 * opened or one of its pages is shown. The group in the chunk names it (`part`) and has no items
 * of its own; the part holds the group whole (the build names no part from a part, though a
 * reader of the format follows one the same way).
 */
export const SidebarPartChunkSchema = z.strictObject({
  kind: z.literal('part'),
  locale: LocaleCodeSchema,
  sidebar: SidebarIdSchema,
  version: z.string().nullable().describe('The version of the sidebar chunk it belongs to'),
  prefix: z.string().describe("The group's folder as a route: every page of the part starts with it"),
  items: z.array(SidebarItemSchema).describe("The group's items"),
  routes: z.array(RouteEntrySchema).describe('The doc routes of those items'),
});
export type SidebarPartChunk = z.infer<typeof SidebarPartChunkSchema>;

/** The blog chunk of a locale: its posts and their routes. */
export const BlogChunkSchema = z.strictObject({
  kind: z.literal('blog'),
  locale: LocaleCodeSchema,
  posts: z.array(BlogPostSummarySchema).describe('Blog posts, newest first'),
  routes: z.array(RouteEntrySchema).describe('The routes of the posts'),
});
export type BlogChunk = z.infer<typeof BlogChunkSchema>;

/** A chunk file named by the manifest (`locales[x].chunks[i].url`). */
export const ManifestChunkSchema = z
  .discriminatedUnion('kind', [SidebarChunkSchema, SidebarPartChunkSchema, BlogChunkSchema])
  .describe(
    'A chunk of the manifest: the routes and tree of one sidebar in one version and locale, a part of such a tree, or the blog of a locale',
  );
export type ManifestChunk = z.infer<typeof ManifestChunkSchema>;
