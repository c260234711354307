/**
 * Ranking a query against a loaded index: the words through the locale's pipeline, each one
 * also matched as a prefix (search as you type), a second try in the other keyboard layout
 * (`dbpbn` → `визит`), and elasticlunr's scoring (tf × idf × length norm, boosted per field,
 * prefix matches at 15 %, times the share of query words a field matched).
 * Pure: used by the site, the search runtime, the CLI and the tests.
 */
import type { LocaleCode, SidebarId } from '@vitrina-docs/schemas';
import { FIELD_BOOSTS, FIELDS, type LoadedIndex } from './loaded-index.ts';
import { analyse, trimToken } from './pipeline.ts';

/** Below this many hits a query is also tried in the other keyboard layout. */
export const LAYOUT_RETRY_BELOW = 3;
/** At most this many longer terms are tried for a word typed as a prefix (the shortest first). */
export const MAX_EXPANSIONS = 24;
/** A section of a legacy version (IC2, API v1) counts this much, unless the query or a filter names that version. */
export const LEGACY_WEIGHT = 0.7;

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

/** Query tokens: the analysed words, plus the last word as typed so that it matches as a prefix. */
export function queryTokens(query: string, locale: LocaleCode): string[] {
  // A single letter, as a prefix, would match most of the vocabulary: it waits for the next one.
  const tokens = analyse(query, locale).filter((t) => t.length >= 2);
  const words = query.trim().split(/[\s-]+/);
  const last = trimToken(words[words.length - 1] ?? '');
  if (last.length >= 2 && !tokens.includes(last)) tokens.push(last);
  return tokens;
}

/** A query, planned: its tokens and the vocabulary terms each may match (the token itself first, when it is a term). */
export interface QueryPlan {
  query: string;
  locale: LocaleCode;
  tokens: { text: string; terms: number[] }[];
  /** The same in the other keyboard layout, tried when the query finds (almost) nothing. */
  otherLayout: { text: string; terms: number[] }[] | null;
  /** Versions the query names ("IC2", "v1"), as `sidebar/id`. */
  versions: Set<string>;
}

/** The versions a query names by id or by the first word of their label (ic2, IC2, v1, v1.5). */
export function namedVersions(index: LoadedIndex, query: string): Set<string> {
  const words = new Set(query.split(/[\s,;:!?()«»"]+/).map((w) => trimToken(w)));
  const out = new Set<string>();
  for (const v of index.entry.versions) {
    const label = trimToken(v.label.split(/\s+/)[0] ?? '');
    if (words.has(v.id.toLowerCase()) || (label && words.has(label))) out.add(`${v.sidebar}/${v.id}`);
  }
  return out;
}

function planTokens(index: LoadedIndex, tokens: string[]): { text: string; terms: number[] }[] {
  return tokens.map((text) => ({ text, terms: index.expand(text, MAX_EXPANSIONS + 1) }));
}

export function planQuery(index: LoadedIndex, query: string, locale: LocaleCode): QueryPlan {
  const other = switchLayout(query);
  return {
    query,
    locale,
    tokens: planTokens(index, queryTokens(query, locale)),
    otherLayout: other ? planTokens(index, queryTokens(other, /[\u0400-\u04ff]/.test(other) ? 'ru' : 'en')) : null,
    versions: namedVersions(index, query),
  };
}

/** Every vocabulary term a plan may read the postings of. */
export function planTerms(plan: QueryPlan): Set<number> {
  const out = new Set<number>();
  for (const t of [...plan.tokens, ...(plan.otherLayout ?? [])]) for (const term of t.terms) out.add(term);
  return out;
}

function score(index: LoadedIndex, tokens: QueryPlan['tokens']): Map<number, number> {
  const total = new Map<number, number>();
  if (!tokens.length) return total;
  const n = index.sectionCount;
  FIELDS.forEach((field, f) => {
    const fieldScores = new Map<number, number>();
    const exactTokens = new Map<number, number>();
    for (const token of tokens) {
      for (const term of token.terms) {
        const key = index.vocabulary[term]!;
        const p = index.postings(f, term);
        if (!p.sections.length) continue;
        const idf = 1 + Math.log(n / (p.sections.length + 1));
        const exact = key === token.text;
        const penalty = exact ? 1 : (1 - (key.length - token.text.length) / key.length) * 0.15;
        for (let i = 0; i < p.sections.length; i++) {
          const s = p.sections[i]!;
          fieldScores.set(s, (fieldScores.get(s) ?? 0) + p.weights[i]! * idf * penalty);
          if (exact) exactTokens.set(s, (exactTokens.get(s) ?? 0) + 1);
        }
      }
    }
    const boost = FIELD_BOOSTS[field];
    for (const [s, v] of fieldScores) {
      const matched = exactTokens.get(s);
      const coord = matched === undefined ? 1 : matched / tokens.length;
      total.set(s, (total.get(s) ?? 0) + v * coord * boost);
    }
  });
  return total;
}

export interface RankOptions {
  /** Only sections of this sidebar (null: every section, blog posts included). */
  sidebar?: SidebarId | null;
  /**
   * A version id (ic2, v1): the other versions of its sidebar are left out, as the site's version
   * selector leaves them out of the sidebar; pages without a version stay.
   */
  version?: string | null;
}

/** Ranked sections, best first (section numbers and scores). */
export interface Ranking {
  sections: number[];
  scores: number[];
}

/** Ranks a planned query; every term of `planTerms(plan)` must have its postings loaded. */
export function rankPlan(index: LoadedIndex, plan: QueryPlan, options: RankOptions = {}): Ranking {
  const scores = score(index, plan.tokens);
  if (scores.size < LAYOUT_RETRY_BELOW && plan.otherLayout) {
    for (const [s, v] of score(index, plan.otherLayout)) scores.set(s, Math.max(scores.get(s) ?? 0, v * 0.9));
  }
  const filter = options.version ? index.entry.versions.find((v) => v.id === options.version) : undefined;
  const named = new Set(plan.versions);
  if (filter) named.add(`${filter.sidebar}/${filter.id}`);
  const namedSidebars = new Set([...named].map((n) => n.split('/')[0]));
  const hits: [number, number][] = [];
  for (const [s, v] of scores) {
    if (v <= 0) continue;
    if (options.sidebar && index.sidebarOf(s) !== options.sidebar) continue;
    const version = index.versionOfSection(s);
    let weight = 1;
    if (version) {
      const key = `${version.sidebar}/${version.id}`;
      if (filter && version.sidebar === filter.sidebar && version.id !== filter.id) continue;
      // Current versions first, unless the query or the filter names another version of the sidebar.
      if (namedSidebars.has(version.sidebar)) weight = named.has(key) ? 1 : LEGACY_WEIGHT;
      else if (!version.current) weight = LEGACY_WEIGHT;
    }
    hits.push([s, v * weight]);
  }
  hits.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return { sections: hits.map((h) => h[0]), scores: hits.map((h) => h[1]) };
}
