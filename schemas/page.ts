import { z } from 'zod';
import { HastRootSchema } from './hast.ts';
import { LocaleCodeSchema } from './locale.ts';
import { ApiOperationSchema } from './operation.ts';
import { SidebarIdSchema } from './sidebar.ts';
import { TocSchema } from './toc.ts';

export const PageLinkSchema = z.strictObject({ path: z.string(), title: z.string() });
export type PageLink = z.infer<typeof PageLinkSchema>;

export const BreadcrumbSchema = z.strictObject({ label: z.string(), path: z.string().nullable() });
export type Breadcrumb = z.infer<typeof BreadcrumbSchema>;

export const AlternatesSchema = z.partialRecord(LocaleCodeSchema, z.string()).describe('The same page in each locale: locale code → route');

/** One page's JSON: everything the renderer needs to draw a doc page or a blog post. */
export const PageDataSchema = z
  .strictObject({
    kind: z.enum(['doc', 'blog-post']),
    locale: LocaleCodeSchema,
    path: z.string().describe('The route, locale prefix included'),
    title: z.string(),
    description: z.string(),
    sidebar: SidebarIdSchema.nullable(),
    version: z.string().nullable().describe('Version of the page (v1.5, v1, ic3, ic2) or null when shared'),
    breadcrumbs: z.array(BreadcrumbSchema),
    toc: TocSchema,
    body: HastRootSchema,
    prev: PageLinkSchema.nullable(),
    next: PageLinkSchema.nullable(),
    alternates: AlternatesSchema,
    counterparts: z
      .record(z.string(), z.string())
      .describe('Pages of a versioned sidebar: the same page in each other version (version id → route in this locale)'),
    operation: ApiOperationSchema.nullable().describe('API method pages: the OpenAPI operation, drawn above the body'),
    lastUpdated: z.iso.datetime().nullable(),
    editUrl: z.string().nullable(),
    markdownUrl: z.string().describe("URL of the page's markdown source"),
    blog: z.strictObject({ date: z.string(), authors: z.array(z.string()), tags: z.array(z.string()) }).nullable(),
  })
  .describe('A page JSON file');
export type PageData = z.infer<typeof PageDataSchema>;
