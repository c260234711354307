/**
 * The interface between the site's search UI and the search engine of a locale.
 *
 * `engine.ts` implements it over the split index (entry, postings by term range, sections by
 * range); the UI loads it lazily (`renderer/search/load-engine.ts`) and depends on nothing but
 * this file.
 */
import type { SearchDoc, SidebarId } from '@vitrina-docs/schemas';

export interface SearchHit {
  /** The section: url (route#anchor), title, heading, breadcrumbs, sidebar, version, text. */
  doc: SearchDoc;
  score: number;
  /** Plain text to show under the title (a part of the section text around the matches). */
  snippet: string;
  /** Ranges `[start, end)` of `snippet` that matched the query, drawn as <mark>. */
  highlights: [number, number][];
}

export interface SearchOptions {
  /** Only hits of this sidebar (null: every section, blog posts included). */
  sidebar?: SidebarId | null;
  /** Only this version of its sidebar (ic2, v1), with that sidebar's pages that have no version. */
  version?: string | null;
  /** Only hits of these sidebars (a reader offline: those the service worker keeps). */
  within?: readonly (SidebarId | null)[] | null;
}

/** The first hits of a query, ready to draw. */
export interface SearchPage {
  /** Number of matching sections. */
  total: number;
  hits: SearchHit[];
}

export interface SearchEngine {
  /**
   * The first `count` hits of a query, when everything they need is loaded (synchronous, for
   * drawing on the keystroke); null when a file must be fetched first: call `load`.
   */
  peek(query: string, options: SearchOptions, count: number): SearchPage | null;
  /** Fetches what `peek` needs for this query and count, and returns the same. */
  load(query: string, options: SearchOptions, count: number): Promise<SearchPage>;
  /** A close query that finds something, for a query that finds nothing ("did you mean"); null when there is none. */
  suggest(query: string): Promise<string | null>;
  /**
   * Fetches ahead what the next keystroke of a word being typed will draw: for the few letters the
   * word most likely goes on with (those the words of the hits drawn go on with most often, then
   * those of the vocabulary), the postings the query with that letter needs (at most three small
   * files in all) and the sections of its first `count` hits: all of them for the likeliest
   * letter, for the others as far as `maxFiles` section files in all.
   */
  ahead(query: string, options: SearchOptions, count: number, maxFiles: number): Promise<void>;
}
