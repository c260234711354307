import { z } from 'zod';
import { LocaleCodeSchema } from './locale.ts';
import { SidebarIdSchema } from './sidebar.ts';

/** A searchable document: one section of a page (its lead, or a heading of level 2–3 and the text under it). */
export const SearchDocSchema = z.strictObject({
  id: z.string().describe('Reference of the document in the index'),
  url: z.string().describe('Route and anchor to link to, e.g. /docs/mobile/ic3/visits/start#before-you-start'),
  route: z.string(),
  anchor: z.string().nullable(),
  title: z.string().describe('Title of the page'),
  heading: z.string().describe('Heading of the section ("" for the lead)'),
  breadcrumbs: z.string().describe('Section path, e.g. "Mobile app › Vitrina IC3 › Visits"'),
  sidebar: SidebarIdSchema.nullable(),
  text: z.string().describe('Plain text of the section'),
});
export type SearchDoc = z.infer<typeof SearchDocSchema>;

/** The documents of a shard, fetched beside its index to draw titles and snippets. */
export const SearchDocsFileSchema = z
  .strictObject({
    locale: LocaleCodeSchema,
    docs: z.array(SearchDocSchema),
  })
  .describe('Section documents of a search shard');
export type SearchDocsFile = z.infer<typeof SearchDocsFileSchema>;

/**
 * A serialised elasticlunr index (elasticlunr 0.9.5 `Index.toJSON()`), loadable with
 * `elasticlunr.Index.load()` once the pipeline functions named in `pipeline` are registered.
 */
export const SearchIndexSchema = z
  .looseObject({
    version: z.string(),
    fields: z.array(z.string()),
    ref: z.string(),
    documentStore: z.looseObject({ save: z.boolean() }),
    index: z.record(z.string(), z.looseObject({ root: z.record(z.string(), z.unknown()) })),
    pipeline: z.array(z.string()).describe('Names of the registered pipeline functions, in order'),
  })
  .describe('An elasticlunr index shard');

/** Where a locale's search shard lives. */
export const SearchShardRefSchema = z.strictObject({
  locale: LocaleCodeSchema,
  index: z.string().describe('URL of the elasticlunr index JSON'),
  docs: z.string().describe('URL of the section documents JSON'),
  documents: z.number().int(),
});
export type SearchShardRef = z.infer<typeof SearchShardRefSchema>;
