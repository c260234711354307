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

/**
 * The browser's shard: the postings of an elasticlunr index in a compact, lossless encoding
 * (elasticlunr's own serialisation is a trie with an object per character, several times larger),
 * plus the table of sections. `decodeShard` (renderer/search/shard-codec.ts) turns it into an
 * `elasticlunr.Index` that answers from these postings with the same scores as the stock index.
 * A section's anchor, heading and text, for drawing a hit, are fetched from
 * `textBase` + `<section>.json` (a `SearchSectionTextSchema`).
 */
export const CompactShardSchema = z
  .strictObject({
    format: z.literal('vitrina-search-shard/2'),
    locale: LocaleCodeSchema,
    pipeline: z.array(z.string()).describe('Names of the pipeline functions, in order'),
    fields: z.array(z.string()).describe('Indexed fields, in the order of the section lengths'),
    pages: z
      .array(z.tuple([z.string(), z.string(), z.string(), SidebarIdSchema.nullable()]))
      .describe('[route, title, breadcrumbs, sidebar] of each page'),
    sections: z
      .array(z.array(z.union([z.number(), z.string()])))
      .describe('[page index, length of each field…] of each section; its position is its reference'),
    tokens: z
      .string()
      .describe(
        'The vocabulary of all fields, sorted (UTF-16 order) and front-coded: entries separated by a space, each one character of the postings alphabet (A=0 … _=63) saying how many leading characters it shares with the entry before, then the rest',
      ),
    postings: z
      .record(z.string(), z.string())
      .describe(
        'field → the postings of each vocabulary entry, in vocabulary order, separated by a space (empty where the field lacks the token): numbers (per section: gap from the previous section × 2, +1 when a count follows; then the count) written 5 bits a character, little-endian, in A–Z a–z 0–9 - _; a character from the second half says more follow',
      ),
    textBase: z.string().describe('URL prefix of the section texts'),
  })
  .describe('A search shard in the browser encoding');
export type CompactShard = z.infer<typeof CompactShardSchema>;

/** What the search UI draws for one section of a shard. */
export const SearchSectionTextSchema = z.strictObject({
  anchor: z.string().describe('Heading id of the section ("" for the lead)'),
  heading: z.string(),
  text: z.string(),
});
export type SearchSectionText = z.infer<typeof SearchSectionTextSchema>;

/** Where a locale's search files live. */
export const SearchShardRefSchema = z.strictObject({
  locale: LocaleCodeSchema,
  shard: z.string().describe('URL of the compact shard the site loads (CompactShard)'),
  index: z.string().describe('URL of the same index in stock elasticlunr JSON (for Node tools and chatbots)'),
  docs: z.string().describe('URL of the section documents with their full text (SearchDocsFile)'),
  documents: z.number().int(),
});
export type SearchShardRef = z.infer<typeof SearchShardRefSchema>;
