/**
 * @vitrina-docs/search — the search of the Vitrina documentation site, for the site itself, the
 * generator that builds the shards, and other programs (Node or browser) that query them.
 * Pure: no Node built-ins, no DOM.
 */
export { createEngine, engineLoader } from './engine.ts';
export type { LoadSearchEngine, SearchEngine, SearchHit, SearchOptions } from './search-api.ts';
export {
  FIELD_BOOSTS,
  LAYOUT_RETRY_BELOW,
  loadIndex,
  queryTokens,
  searchShard,
  switchLayout,
  type SearchHit as ScoredSection,
} from './query.ts';
export { analyse, applyPipeline, elasticlunr, PIPELINE_NAMES, registerPipeline, stemToken, trimToken } from './pipeline.ts';
export { decodeShard, encodeShard, SECTION_LENGTHS_AT, type ShardSection } from './shard-codec.ts';
export { FlatPostings, decodePostings, encodePostings, type Postings } from './flat-postings.ts';
export { decodeNumbers, decodeSortedWords, encodeNumbers, encodeSortedWords } from './numbers-codec.ts';
export { highlight, snippet, type SnippetPart } from './snippet.ts';
