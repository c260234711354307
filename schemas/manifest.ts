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

/** Everything that differs by locale, besides the routes. */
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
  /** sidebar → version ("" for sidebars without versions) → items */
  sidebars: z.partialRecord(SidebarIdSchema, z.record(z.string(), z.array(SidebarItemSchema))),
  blog: z.array(BlogPostSummarySchema).describe('Blog posts, newest first'),
  latestReleases: z.array(PageLinkSchema.extend({ description: z.string() })),
  search: SearchShardRefSchema.nullable(),
  feeds: z.strictObject({ rss: z.string(), atom: z.string() }).nullable(),
  social: z
    .record(z.string(), z.string())
    .default({})
    .describe('Open Graph image (1200×630) of the home page ("home") and of each sidebar, by key'),
});
export type LocaleData = z.infer<typeof LocaleDataSchema>;

export const VersionInfoSchema = z.strictObject({
  current: z.string(),
  items: z.array(
    z.strictObject({
      id: z.string(),
      label: z.partialRecord(LocaleCodeSchema, z.string()),
      legacy: z.boolean(),
    }),
  ),
});
export type VersionInfo = z.infer<typeof VersionInfoSchema>;

/** `dist/manifest.json`: the typed manifest of the site. */
export const ManifestSchema = z
  .strictObject({
    schemaVersion: z.literal(1),
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
    routes: z.array(RouteEntrySchema),
    openapi: z.record(z.string(), z.string()).describe('API version → URL of the published OpenAPI file'),
    assets: z.strictObject({
      css: z.array(z.string()).describe('Stylesheets made by the build (code highlighting) that every page links'),
    }),
  })
  .describe('The manifest of the site (dist/manifest.json)');
export type Manifest = z.infer<typeof ManifestSchema>;
