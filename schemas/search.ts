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
  version: z.string().nullable().describe('Version of the page (ic3, ic2, v1.5, v1), null when the page is not versioned'),
  text: z.string().describe('Plain text of the section'),
});
export type SearchDoc = z.infer<typeof SearchDocSchema>;

/** The documents of the stock index, by position (position = reference). */
export const SearchDocsFileSchema = z
  .strictObject({
    locale: LocaleCodeSchema,
    docs: z.array(SearchDocSchema),
  })
  .describe('Section documents of the stock elasticlunr index (a document’s reference is its position)');
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
  .describe('A stock elasticlunr index of a locale');

/** A version of a sidebar, as the search ranks it. */
export const SearchVersionSchema = z.strictObject({
  sidebar: SidebarIdSchema,
  id: z.string().describe('Version id, e.g. ic2'),
  label: z.string().describe('Its label in the locale, e.g. "IC2 (legacy)"'),
  current: z.boolean().describe('The current version of its sidebar (ranked above the others)'),
});
export type SearchVersion = z.infer<typeof SearchVersionSchema>;

/** Numbers and sorted word lists in the shards' text encoding (see search/numbers-codec.ts). */
const encodedNumbers = (what: string) =>
  z
    .string()
    .describe(
      `${what}: non-negative integers written 5 bits a character, little-endian, in A–Z a–z 0–9 - _ (a character from the second half says more follow)`,
    );

/**
 * The entry of a locale's search: what the first search needs before it knows the query —
 * the vocabulary, where each term's postings are, where each section's text is, and the versions.
 * Everything else is fetched as a query needs it. Every file a search can
 * fetch is named here (`chunks[].url`, `groups[].url`), so that a service worker can
 * precache them.
 */
export const SearchEntrySchema = z
  .strictObject({
    format: z.literal('vitrina-search/3'),
    locale: LocaleCodeSchema,
    siteUrl: z.string().describe('Absolute URL of the site (hits link to siteUrl + route)'),
    pipeline: z.array(z.string()).describe('Names of the pipeline functions the terms went through, in order'),
    fields: z.array(z.string()).describe('Indexed fields, in the order of the postings in a chunk'),
    sections: z.number().int().nonnegative().describe('Number of sections (documents); a section’s number is its reference'),
    vocabulary: z
      .string()
      .describe(
        'Every term of every field, sorted (UTF-16 order) and front-coded: entries separated by a space, each one character of the alphabet A=0 … _=63 saying how many leading characters it shares with the entry before, then the rest',
      ),
    chunks: z
      .array(
        z.strictObject({ first: z.number().int().nonnegative().describe('Position of its first term in the vocabulary'), url: z.string() }),
      )
      .describe('Postings files by term range: chunk i holds the terms from chunks[i].first up to chunks[i+1].first'),
    groups: z
      .array(
        z.strictObject({
          first: z.number().int().nonnegative().describe('Number of its first section'),
          sidebar: SidebarIdSchema.nullable(),
          version: z.string().nullable(),
          url: z.string(),
        }),
      )
      .describe('Section files by section range (a group holds sections of one sidebar and version only)'),
    versions: z.array(SearchVersionSchema),
    pages: encodedNumbers(
      'Per page, in section order: its number of sections, then its kind (0 a guide or reference page, 1 an overview: the index page of a folder, which points to the pages below it; 2 an API method that reads one item by its id); ranking weighs sections by their page',
    ).optional(),
    links: encodedNumbers('Numbers of the sections that are lists of links ("See also"), as gaps from the one before').optional(),
    synonyms: z
      .array(z.array(z.string()))
      .describe('Groups of words or phrases that find each other (content/synonyms/<locale>.yaml), applied to queries'),
    words: z.string().describe('URL of the words of the pages as written (SearchWordsFile), fetched for “did you mean”'),
    stock: z.strictObject({
      index: z.string().describe('URL of the stock elasticlunr index (SearchIndex)'),
      docs: z.string().describe('URL of its documents (SearchDocsFile)'),
    }),
  })
  .describe('The entry of a locale’s search index');
export type SearchEntry = z.infer<typeof SearchEntrySchema>;

/** A postings file: per field, the postings of each term of the chunk's range, in vocabulary order. */
export const SearchPostingsChunkSchema = z
  .record(
    z.string(),
    encodedNumbers(
      'field → the postings of each term of the range, separated by a space (empty where the field lacks the term); per section: gap from the previous section, then its weight q (the term’s weight in the section, √(count / field length), is 2^(−q/6))',
    ),
  )
  .describe('Postings of a range of terms');
export type SearchPostingsChunk = z.infer<typeof SearchPostingsChunkSchema>;

/** A section file: the pages and sections of a range of section numbers. */
export const SearchSectionGroupSchema = z
  .strictObject({
    pages: z.array(z.tuple([z.string(), z.string(), z.string()])).describe('[route, title, breadcrumbs] of each page'),
    sections: z
      .array(z.tuple([z.number().int(), z.string(), z.string(), z.string()]))
      .describe('[page (position in pages), anchor ("" for the lead), heading, text] of each section, in number order'),
  })
  .describe('Sections of a search group');
export type SearchSectionGroup = z.infer<typeof SearchSectionGroupSchema>;

/** The pages' words as they are written, for “did you mean”: fetched only when a query finds nothing. */
export const SearchWordsFileSchema = z
  .strictObject({
    words: z
      .array(z.string())
      .describe('Words as the pages write them (up to three forms of each term), lower case, the most frequent first'),
  })
  .describe('Words of a locale’s pages');
export type SearchWordsFile = z.infer<typeof SearchWordsFileSchema>;

/** Where a locale's search files live (in the manifest). */
export const SearchShardRefSchema = z.strictObject({
  locale: LocaleCodeSchema,
  entry: z.string().describe('URL of the entry (SearchEntry): the site loads it on the first search; it names every other file'),
  index: z.string().describe('URL of the same index in stock elasticlunr JSON (for Node tools and chatbots)'),
  docs: z.string().describe('URL of the section documents with their full text (SearchDocsFile)'),
  documents: z.number().int(),
});
export type SearchShardRef = z.infer<typeof SearchShardRefSchema>;

/** One result of the search runtime (`vitrina-docs query` prints these). */
export const SearchResultSchema = z.strictObject({
  url: z.string().describe('Absolute URL of the section'),
  route: z.string(),
  anchor: z.string().nullable(),
  title: z.string(),
  heading: z.string(),
  breadcrumbs: z.string(),
  sidebar: SidebarIdSchema.nullable(),
  version: z.string().nullable(),
  current: z.boolean().describe('false for a page of a legacy version (IC2, API v1)'),
  text: z.string(),
  score: z.number(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Synonyms a writer maintains (content/synonyms/<locale>.yaml). */
export const SynonymsFileSchema = z
  .strictObject({
    synonyms: z
      .array(z.array(z.string().trim().min(2).max(60)).min(2).max(12))
      .describe('Groups of words or phrases that mean the same to a reader: a query with one of them also finds the others'),
  })
  .describe('Search synonyms of a locale (content/synonyms/<locale>.yaml)');
export type SynonymsFile = z.infer<typeof SynonymsFileSchema>;
