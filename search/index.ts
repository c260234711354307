/**
 * @vitrina-docs/search — the search of the Vitrina documentation site, for the site itself, the
 * generator that builds the index, and other programs (Node or browser) that query it.
 * Pure: no Node built-ins, no DOM.
 */
export { createEngine, Engine, loadEngine } from './engine.ts';
export type { SearchEngine, SearchHit, SearchOptions, SearchPage } from './search-api.ts';
export { FIELD_BOOSTS, FIELDS, LoadedIndex, PAGE_KINDS, type LoadJson } from './loaded-index.ts';
export {
  LAYOUT_RETRY_BELOW,
  LEGACY_WEIGHT,
  namedVersions,
  MAX_EXPANSIONS,
  planQuery,
  planTerms,
  queryTokens,
  queryWords,
  fuzzyTerms,
  typoBudget,
  editDistance,
  rankPlan,
  switchLayout,
  wordsKnown,
  type QueryPlan,
  type RankOptions,
  type Ranking,
} from './query.ts';
export {
  analyse,
  isStopWord,
  PIPELINE_NAMES,
  pipelineNames,
  registerElasticlunrPipeline,
  stemToken,
  termOf,
  tokenize,
  trimToken,
  type ElasticlunrLike,
} from './pipeline.ts';
export { decodePostings, encodePostings, stepWeight, weightStep, type DecodedPostings, type Posting } from './postings.ts';
export { decodeNumbers, decodeSortedWords, encodeNumbers, encodeSortedWords } from './numbers-codec.ts';
export { highlight, snippet, type SnippetPart } from './snippet.ts';
export { localeOfQuery, openSearch, SiteSearch, urlSource, type OpenSearchOptions, type QueryOptions } from './runtime.ts';
