/**
 * The interface between the site's search UI and a search engine over a locale's shard.
 *
 * `engine.ts` implements it over the compact shard decoded into an elasticlunr index; it is
 * loaded lazily by `load-engine.ts`. The UI depends on nothing but this file.
 */
import type { SearchDoc, SearchShardRef, SidebarId } from '@vitrina-docs/schemas';

export interface SearchHit {
  /** The section: url (route#anchor), title, heading, breadcrumbs, sidebar, text. */
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
}

export interface SearchEngine {
  /** Every hit for the query, best first. The last word is matched as a prefix (search as you type). */
  search(query: string, options?: SearchOptions): SearchHit[];
  /**
   * Fetches the section texts these hits need for their snippets (the shard itself holds no
   * text). Resolves true when new text arrived: search again to draw the snippets.
   */
  ensureText(hits: readonly SearchHit[]): Promise<boolean>;
}

/** Loads a locale's shard (index and documents) and returns an engine over it. */
export type LoadSearchEngine = (shard: SearchShardRef) => Promise<SearchEngine>;
