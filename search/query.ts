/**
 * Querying a loaded shard: the words through the shard's pipeline, prefix matching on the last
 * word (search as you type), and a second try in the other keyboard layout (`dbpbn` → `визит`).
 * Pure: used by the browser, the CLI `query` command and the tests.
 */
import type { LocaleCode, SearchDoc } from '@vitrina-docs/schemas';
import { analyse, elasticlunr, registerPipeline, trimToken } from './pipeline.ts';

/** Below this many hits a query is also tried in the other keyboard layout. */
export const LAYOUT_RETRY_BELOW = 3;

export const FIELD_BOOSTS = { title: 4, heading: 2, text: 1 } as const;

export interface SearchHit {
  doc: SearchDoc;
  score: number;
}

type AnyIndex = elasticlunr.Index<Record<string, string>> & {
  fieldSearch(tokens: string[], field: string, config: Record<string, unknown>): Record<string, number>;
  index: Record<string, { expandToken(token: string): string[] }>;
};

const EN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RU = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const toRu = new Map([...EN].map((c, i) => [c, RU[i]!]));
const toEn = new Map([...RU].map((c, i) => [c, EN[i]!]));

/** Retypes a query in the other keyboard layout (ЙЦУКЕН ↔ QWERTY). */
export function switchLayout(query: string): string | null {
  const lower = query.toLowerCase();
  if (/[a-z]/.test(lower) && !/[\u0400-\u04ff]/.test(lower)) return [...lower].map((c) => toRu.get(c) ?? c).join('');
  if (/[\u0400-\u04ff]/.test(lower) && !/[a-z]/.test(lower)) return [...lower].map((c) => toEn.get(c) ?? c).join('');
  return null;
}

/** Loads a serialised shard (registering the pipeline first, as Index.load requires). */
export function loadIndex(json: unknown): AnyIndex {
  registerPipeline();
  return elasticlunr.Index.load(json as elasticlunr.SerialisedIndexData<Record<string, string>>) as AnyIndex;
}

/** Query tokens: the analysed words, plus the last word as typed so that it matches as a prefix. */
export function queryTokens(query: string, locale: LocaleCode): string[] {
  // A single letter, as a prefix, would match most of the vocabulary: it waits for the next one.
  const tokens = analyse(query, locale).filter((t) => t.length >= 2);
  const words = query.trim().split(/[\s-]+/);
  const last = trimToken(words[words.length - 1] ?? '');
  if (last.length >= 2 && !tokens.includes(last)) tokens.push(last);
  return tokens;
}

function scoreTokens(index: AnyIndex, tokens: string[]): Map<string, number> {
  const scores = new Map<string, number>();
  if (tokens.length === 0) return scores;
  for (const [field, boost] of Object.entries(FIELD_BOOSTS)) {
    if (!index.index[field]) continue;
    const fieldScores = index.fieldSearch(tokens, field, { [field]: { boost, bool: 'OR', expand: true } });
    for (const [ref, s] of Object.entries(fieldScores)) scores.set(ref, (scores.get(ref) ?? 0) + s * boost);
  }
  return scores;
}

/** Searches a shard; `docs` maps each reference to its section document. */
export function searchShard(
  index: AnyIndex,
  docs: ReadonlyMap<string, SearchDoc>,
  query: string,
  locale: LocaleCode,
  options: { limit?: number; sidebar?: string | null } = {},
): SearchHit[] {
  const scores = scoreTokens(index, queryTokens(query, locale));
  // The other keyboard layout only when the query as typed finds (almost) nothing: `dbpbn`.
  const other = scores.size < LAYOUT_RETRY_BELOW ? switchLayout(query) : null;
  if (other) {
    const otherLocale = /[\u0400-\u04ff]/.test(other) ? 'ru' : 'en';
    for (const [ref, s] of scoreTokens(index, queryTokens(other, otherLocale))) scores.set(ref, Math.max(scores.get(ref) ?? 0, s * 0.9));
  }
  const hits: SearchHit[] = [];
  for (const [ref, score] of scores) {
    const doc = docs.get(ref);
    if (!doc || score <= 0) continue;
    if (options.sidebar && doc.sidebar !== options.sidebar) continue;
    hits.push({ doc, score });
  }
  hits.sort((a, b) => b.score - a.score || a.doc.url.localeCompare(b.doc.url));
  return options.limit ? hits.slice(0, options.limit) : hits;
}
