/**
 * Ranking a query against a loaded index. A query is planned into clauses, one per word (or per
 * phrase of a synonym group), each with the vocabulary terms it may match:
 * - the word's term (through the locale's pipeline), and the longer terms it starts (search as
 *   you type; at 15 %, less the longer the term, as elasticlunr's prefix expansion);
 * - when it matches nothing so, the terms within a bounded edit distance (typos: 1 edit for words
 *   of 4–7 letters, 2 for longer ones, a transposition is one edit), below exact matches;
 * - the phrases of the writers' synonym groups (content/synonyms/<locale>.yaml) as alternatives;
 * - in the other keyboard layout (`dbpbn` → `визит`) when the query finds (almost) nothing, or
 *   when more of its words are known retyped than as typed (`сфтсуд` → `cancel`).
 * Question words and filler ("почему", "how do I") are left out when other words remain.
 * Scoring: elasticlunr's tf × idf × length norm per field, boosted per field, times the share of
 * the query a section matched (each clause weighted by its idf: rare words count more than common
 * ones); legacy versions count less unless the query names them, and never above the current one.
 * Pure: used by the site, the search runtime, the CLI and the tests.
 */
import damerauLevenshtein from 'damerau-levenshtein';
import type { LocaleCode, SidebarId } from '@vitrina-docs/schemas';
import { FIELD_BOOSTS, FIELDS, PAGE_KINDS, type LoadedIndex } from './loaded-index.ts';
import { analyse, QUERY_FILLER, termOf, tokenize, trimToken } from './pipeline.ts';

/** Below this many hits a query is also tried in the other keyboard layout. */
export const LAYOUT_RETRY_BELOW = 3;
/** At most this many longer terms are tried for a word typed as a prefix (the shortest first). */
export const MAX_EXPANSIONS = 24;
/** A section of a legacy version (IC2, API v1) counts this much, unless the query or a filter names that version. */
export const LEGACY_WEIGHT = 0.7;
/** A legacy section that outscores every current one of its sidebar is brought down to this share of the best current score. */
export const CURRENT_LEAD = 0.98;
/**
 * Page-kind priors: what a section counts by the kind of its page. A list of links ("See also")
 * is navigation, not an answer; an overview (a folder's index page) mentions every task below
 * it, and the page of the task answers better; a blog post or release notes tell the news, the
 * docs page the way it works now; an API method that reads one item by its id answers "<resource>
 * api" less well than the list of them, unless the query asks for an id. A filter on the sidebar of
 * the news lifts its prior.
 */
export const PRIORS = { links: 0.5, overview: 0.75, news: 0.75, item: 0.7 } as const;
/**
 * Words (as terms) that name a part of the site: a query that names one ("… через API", "… on the
 * portal", "in the app") asks about that part, and its sections count NAMED_SIDEBAR_WEIGHT more.
 */
export const SIDEBAR_TERMS: Partial<Record<SidebarId, readonly string[]>> = {
  api: ['api'],
  portal: ['портал', 'порта', 'portal'],
  mobile: ['приложен', 'app', 'applic'],
};
export const NAMED_SIDEBAR_WEIGHT = 2;
/**
 * Words (as terms) of a question about the API: one that has none of them and names no part of
 * the site asks about the product ("photos are not uploading"), and API sections count
 * UNASKED_API_WEIGHT, since the API's pages use the product's words too ("Upload a photo").
 */
export const API_TERMS: ReadonlySet<string> = new Set(
  'api sdk метод method endpoint эндпоинт запрос request respons json id токен token http curl webhook параметр paramet код code'.split(
    ' ',
  ),
);
export const UNASKED_API_WEIGHT = 0.8;
/** Sidebars of news (null: the blog). */
const NEWS_SIDEBARS: readonly (SidebarId | null)[] = [null, 'releases'];

/** A term one or two edits away from a word counts this much of an exact match. */
export const FUZZY_WEIGHTS = [1, 0.4, 0.25] as const;
/** At most this many terms are tried for a misspelt word (the closest first). */
export const MAX_FUZZY = 6;
/**
 * A term of the same word family as a query's word counts this much: a term the word's term
 * starts (a word of 5+ letters and up to 3 more: "удал" → "удален") or one that differs from it in
 * its last letter only (6+ letters: "запуст" → "запуск", "заказа" → "заказ"), since the stemmer
 * leaves a verb and its noun apart ("запустить" / "запуск"), and a task is asked with the verb and
 * titled with the noun.
 */
export const FAMILY_WEIGHT = 0.7;
/**
 * How much a section gains from the share of the query its page title (then its heading) holds
 * (each clause weighted by its idf): a page titled with the words of a question is its answer more
 * often than a page that mentions them in passing.
 */
export const TITLE_GAIN = 1;
export const HEADING_GAIN = 0.5;
/** A synonym's match counts this much of the words typed. */
export const SYNONYM_WEIGHT = 0.9;

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

/** The edits a word may be away from a term: 1 for 4–7 letters, 2 for longer words, none below. */
export function typoBudget(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Edit distance with transpositions as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  return damerauLevenshtein(a, b).steps;
}

/**
 * Query tokens: the analysed words without filler (unless nothing else is left), words of one
 * letter left out (as a prefix, one letter matches most of the vocabulary); `last` is the last
 * word as typed, when it differs from its term, so that it also matches as a prefix.
 */
export function queryWords(query: string, locale: LocaleCode): { terms: string[]; last: string | null } {
  const filler = QUERY_FILLER[locale];
  const all: string[] = [];
  const content: string[] = [];
  for (const token of tokenize(query)) {
    const term = termOf(token, locale);
    if (!term || term.length < 2) continue;
    all.push(term);
    if (!filler.has(trimToken(token))) content.push(term);
  }
  const terms = content.length ? content : all;
  const words = query.trim().split(/[\s-]+/);
  const raw = trimToken(words[words.length - 1] ?? '');
  return { terms, last: raw.length >= 2 && !terms.includes(raw) && !filler.has(raw) ? raw : null };
}

/** The tokens as elasticlunr's query saw them (kept for tests and tools). */
export function queryTokens(query: string, locale: LocaleCode): string[] {
  const { terms, last } = queryWords(query, locale);
  return last ? [...terms, last] : terms;
}

/** A term a token may match, and how much it counts. */
export interface PlannedKey {
  term: number;
  factor: number;
  /** How much a match of this term counts as a match of the word (1; a typo's less). */
  credit: number;
}

/** A word of the query with the terms it may match. */
export interface PlannedToken {
  text: string;
  keys: PlannedKey[];
  /** The terms a misspelt word may stand for (for synonym phrases). */
  typoFor: string[];
}

/** Words that stand for one another: the query's own (first), or a synonym phrase. */
export interface Alternative {
  tokens: PlannedToken[];
  weight: number;
}

/** A word of the query (or a phrase of a synonym group) and its alternatives. */
export interface Clause {
  alternatives: Alternative[];
}

export interface QueryPlan {
  query: string;
  locale: LocaleCode;
  clauses: Clause[];
  /** The same in the other keyboard layout, tried when the query finds (almost) nothing. */
  otherLayout: Clause[] | null;
  /** Versions the query names ("IC2", "v1"), as `sidebar/id`. */
  versions: Set<string>;
  /** Words that matched no term, not even with a typo budget. */
  unmatched: string[];
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

/**
 * Terms within the typo budget of a word, the closest (then shortest) first. A term may also be
 * the stem of the word as typed (`registr` for "registraton": the stemmer does not recognise a
 * misspelt ending), at one edit more than the distance of their common length.
 */
export function fuzzyTerms(
  index: LoadedIndex,
  word: string,
  budget = typoBudget(word),
  limit = MAX_FUZZY,
): { term: number; distance: number }[] {
  if (budget === 0) return [];
  const found: { term: number; distance: number }[] = [];
  const v = index.vocabulary;
  for (let i = 0; i < v.length; i++) {
    const t = v[i]!;
    // A misspelt word keeps one of its first two letters in place (or swaps them): a cheap filter.
    if (t.length < 3 || (t[0] !== word[0] && t[1] !== word[1] && (t[0] !== word[1] || t[1] !== word[0]))) continue;
    let d = Math.abs(t.length - word.length) <= budget ? editDistance(word, t) : budget + 1;
    if (d > budget && t.length >= 5 && word.length > t.length && word.length - t.length <= 4)
      d = Math.min(d, editDistance(word.slice(0, t.length), t) + 1);
    if (d > 0 && d <= budget) found.push({ term: i, distance: d });
  }
  return found.sort((a, b) => a.distance - b.distance || v[b.term]!.length - v[a.term]!.length || a.term - b.term).slice(0, limit);
}

/** Terms of the word family of a term (see FAMILY_WEIGHT), not the term itself. */
export function familyTerms(index: LoadedIndex, term: string): number[] {
  const out: number[] = [];
  // Words only: "brand" and "brand_id" are not one family.
  const word = /^\p{L}+$/u;
  if (term.length < 5 || !word.test(term)) return out;
  for (const t of index.expand(term, MAX_EXPANSIONS)) {
    const v = index.vocabulary[t]!;
    if (v !== term && v.length - term.length <= 3 && word.test(v)) out.push(t);
  }
  if (term.length >= 6) {
    const stem = term.slice(0, -1);
    for (const t of index.expand(stem, MAX_EXPANSIONS)) {
      const v = index.vocabulary[t]!;
      if (v !== term && !v.startsWith(term) && v.length <= stem.length + 1 && word.test(v)) out.push(t);
    }
  }
  return out;
}

/** The keys of a word: its term and the terms it starts; with `typos`, near terms when there are none. */
function planToken(index: LoadedIndex, text: string, extraPrefix: string | null, typos: boolean): PlannedToken {
  const keys = new Map<number, PlannedKey>();
  const prefixKeys = (prefix: string) => {
    for (const term of index.expand(prefix, MAX_EXPANSIONS + 1)) {
      const key = index.vocabulary[term]!;
      const factor = key === text ? 1 : (1 - (key.length - prefix.length) / key.length) * 0.15;
      if (factor > (keys.get(term)?.factor ?? 0)) keys.set(term, { term, factor, credit: 1 });
    }
  };
  prefixKeys(text);
  if (extraPrefix) prefixKeys(extraPrefix);
  for (const term of familyTerms(index, text)) {
    if (FAMILY_WEIGHT > (keys.get(term)?.factor ?? 0)) keys.set(term, { term, factor: FAMILY_WEIGHT, credit: FAMILY_WEIGHT });
  }
  const typoFor: string[] = [];
  if (!keys.size && typos)
    for (const { term, distance } of fuzzyTerms(index, text)) {
      keys.set(term, { term, factor: FUZZY_WEIGHTS[distance]!, credit: FUZZY_WEIGHTS[distance]! });
      typoFor.push(index.vocabulary[term]!);
    }
  return { text, keys: [...keys.values()], typoFor };
}

/** Synonym groups as term sequences, per index (analysed once). */
const synonymTerms = new WeakMap<LoadedIndex, string[][][]>();

function synonymsOf(index: LoadedIndex): string[][][] {
  let groups = synonymTerms.get(index);
  if (!groups) {
    const locale = index.entry.locale;
    groups = (index.entry.synonyms ?? []).map((g) => g.map((phrase) => analyse(phrase, locale)).filter((p) => p.length));
    synonymTerms.set(index, groups);
  }
  return groups;
}

function planClauses(index: LoadedIndex, query: string, locale: LocaleCode, typos: boolean): Clause[] {
  const { terms, last } = queryWords(query, locale);
  const tokens = terms.map((t, i) => planToken(index, t, i === terms.length - 1 ? last : null, typos));
  if (!terms.length && last) tokens.push(planToken(index, last, null, false));
  const clauses: Clause[] = [];
  const groups = synonymsOf(index);
  for (let i = 0; i < tokens.length;) {
    // The longest synonym phrase that starts here (the query's terms, or the terms a typo stands for).
    let best: { length: number; group: string[][]; phrase: number } | null = null;
    for (const group of groups) {
      for (let p = 0; p < group.length; p++) {
        const phrase = group[p]!;
        if (phrase.length <= (best?.length ?? 0) || i + phrase.length > tokens.length) continue;
        const at = (term: string, k: number) =>
          terms[i + k] === term ||
          tokens[i + k]!.typoFor.includes(term) ||
          (k === phrase.length - 1 && i + k === terms.length - 1 && last === term);
        if (phrase.every(at)) best = { length: phrase.length, group, phrase: p };
      }
    }
    const own: Alternative = { tokens: tokens.slice(i, i + (best?.length ?? 1)), weight: 1 };
    if (!best) {
      clauses.push({ alternatives: [own] });
      i++;
      continue;
    }
    const { length, group, phrase } = best;
    const alternatives = [own];
    group.forEach((other, p) => {
      if (p === phrase) return;
      // A longer or shorter phrase counts as much as the words it stands for.
      const weight = (SYNONYM_WEIGHT * length) / other.length;
      alternatives.push({ tokens: other.map((t) => planToken(index, t, null, false)), weight });
    });
    clauses.push({ alternatives });
    i += length;
  }
  return clauses;
}

export function planQuery(index: LoadedIndex, query: string, locale: LocaleCode): QueryPlan {
  const other = switchLayout(query);
  const clauses = planClauses(index, query, locale, true);
  return {
    query,
    locale,
    clauses,
    otherLayout: other ? planClauses(index, other, /[\u0400-\u04ff]/.test(other) ? 'ru' : 'en', false) : null,
    versions: namedVersions(index, query),
    unmatched: clauses.flatMap((c) => c.alternatives[0]!.tokens.filter((t) => !t.keys.length).map((t) => t.text)),
  };
}

/**
 * How many words of the query match a term as typed (or start a longer one), not only through a
 * typo: a query typed in the wrong keyboard layout matches more words retyped than as it is
 * ("сфтсуд" matches nothing in Russian but a typo; retyped, "cancel" matches).
 */
export function wordsKnown(clauses: readonly Clause[]): number {
  let n = 0;
  for (const c of clauses) for (const t of c.alternatives[0]!.tokens) if (t.keys.length && !t.typoFor.length) n++;
  return n;
}

/** Every vocabulary term a plan may read the postings of. */
export function planTerms(plan: QueryPlan): Set<number> {
  const out = new Set<number>();
  for (const c of [...plan.clauses, ...(plan.otherLayout ?? [])])
    for (const a of c.alternatives) for (const t of a.tokens) for (const k of t.keys) out.add(k.term);
  return out;
}

/**
 * Values by section number, over a dense array: adding to a section is an array write, and the
 * sections that have a value are listed in `touched` (a query touches a few thousand of tens of
 * thousands). Cleared for reuse in the time it took to fill.
 */
class SectionValues {
  readonly values: Float64Array;
  readonly touched: number[] = [];
  private readonly has: Uint8Array;
  constructor(size: number) {
    this.values = new Float64Array(size);
    this.has = new Uint8Array(size);
  }
  get size(): number {
    return this.touched.length;
  }
  add(section: number, v: number): void {
    if (!this.has[section]) {
      this.has[section] = 1;
      this.touched.push(section);
    }
    this.values[section]! += v;
  }
  /** Keeps the larger of the section's value (0 when it has none) and `v`. */
  raise(section: number, v: number): void {
    if (v <= this.values[section]!) return;
    if (!this.has[section]) {
      this.has[section] = 1;
      this.touched.push(section);
    }
    this.values[section] = v;
  }
  clear(): void {
    for (const s of this.touched) {
      this.values[s] = 0;
      this.has[s] = 0;
    }
    this.touched.length = 0;
  }
}

/** Spare SectionValues per index, so that a keystroke does not allocate arrays of every section. */
const spares = new WeakMap<LoadedIndex, SectionValues[]>();

function take(index: LoadedIndex): SectionValues {
  return spares.get(index)?.pop() ?? new SectionValues(index.sectionCount);
}

function give(index: LoadedIndex, ...used: SectionValues[]): void {
  let list = spares.get(index);
  if (!list) spares.set(index, (list = []));
  for (const u of used) {
    u.clear();
    list.push(u);
  }
}

/**
 * How much matching a clause counts towards the share of the query a section matches: the idf of
 * its word (its most frequent exact term, in the field where it is most frequent), so that a
 * section with the rare words of a query ranks above one with only its common words.
 */
function clauseWeight(index: LoadedIndex, clause: Clause): number {
  const own = clause.alternatives[0]!.tokens.flatMap((t) => t.keys);
  const keys = own.some((k) => k.factor === 1) ? own.filter((k) => k.factor === 1) : own;
  let df = 0;
  for (const key of keys) for (let f = 0; f < FIELDS.length; f++) df = Math.max(df, index.postings(f, key.term).sections.length);
  return df ? 1 + Math.log(index.sectionCount / (df + 1)) : 1;
}

/** Each section's score for the clauses (the caller gives the result back with `give`). */
function score(index: LoadedIndex, clauses: Clause[]): SectionValues {
  const total = take(index);
  if (!clauses.length) return total;
  const n = index.sectionCount;
  /** Clauses each section matched (in any field, by any of its terms; a typo's match counts less). */
  const matched = take(index);
  const credit = take(index);
  const best = take(index);
  const sums = take(index);
  /** The same in the title field, then the heading field (for TITLE_GAIN, HEADING_GAIN). */
  const inField = [take(index), take(index)] as const;
  const fieldCredit = [take(index), take(index)] as const;
  let weights = 0;
  for (const clause of clauses) {
    const weight = clauseWeight(index, clause);
    weights += weight;
    FIELDS.forEach((field, f) => {
      const boost = FIELD_BOOSTS[field];
      for (const alt of clause.alternatives) {
        for (const token of alt.tokens) {
          for (const key of token.keys) {
            const p = index.postings(f, key.term);
            if (!p.sections.length) continue;
            const idf = 1 + Math.log(n / (p.sections.length + 1));
            const factor = idf * key.factor * alt.weight;
            for (let i = 0; i < p.sections.length; i++) {
              const s = p.sections[i]!;
              sums.add(s, p.weights[i]! * factor);
              credit.raise(s, key.credit);
              if (f < 2) fieldCredit[f]!.raise(s, key.credit);
            }
          }
        }
        for (const s of sums.touched) best.raise(s, sums.values[s]!);
        sums.clear();
      }
      for (const s of best.touched) total.add(s, best.values[s]! * boost);
      best.clear();
    });
    for (const s of credit.touched) matched.add(s, credit.values[s]! * weight);
    credit.clear();
    for (let f = 0; f < 2; f++) {
      for (const s of fieldCredit[f]!.touched) inField[f]!.add(s, fieldCredit[f]!.values[s]! * weight);
      fieldCredit[f]!.clear();
    }
  }
  const [title, heading] = inField;
  for (const s of total.touched)
    total.values[s] =
      ((total.values[s]! * matched.values[s]!) / weights) *
      (1 + (TITLE_GAIN * title.values[s]! + HEADING_GAIN * heading.values[s]!) / weights);
  give(index, matched, credit, best, sums, ...inField, ...fieldCredit);
  return total;
}

export interface RankOptions {
  /** Only sections of this sidebar (null: every section, blog posts included). */
  sidebar?: SidebarId | null;
  /**
   * A version id (ic2, v1): only the pages of its sidebar in that version and the sidebar's pages
   * without a version (as the site's version selector shows the sidebar); other sidebars are left
   * out, since a reader who names a version asks about that product.
   */
  version?: string | null;
  /** Only sections of these sidebars (a reader offline: those the service worker keeps). */
  within?: readonly (SidebarId | null)[] | null;
}

/** Ranked sections, best first (section numbers and scores). */
export interface Ranking {
  sections: number[];
  scores: number[];
}

const SIDEBAR_TERM_SET = new Set(Object.values(SIDEBAR_TERMS).flat());

/** A clause of one word that names a part of the site. */
function namesSidebar(clause: Clause): boolean {
  const tokens = clause.alternatives[0]!.tokens;
  return tokens.length === 1 && SIDEBAR_TERM_SET.has(tokens[0]!.text);
}

/** The sidebars a query names by SIDEBAR_TERMS (none when it has no other words). */
function sidebarsNamedBy(plan: QueryPlan): Set<SidebarId> {
  const out = new Set<SidebarId>();
  if (plan.clauses.every(namesSidebar)) return out;
  const words = plan.clauses.filter(namesSidebar).map((c) => c.alternatives[0]!.tokens[0]!.text);
  for (const [sidebar, terms] of Object.entries(SIDEBAR_TERMS)) if (words.some((w) => terms.includes(w))) out.add(sidebar as SidebarId);
  return out;
}

/** What a section counts by the kind of its page (PRIORS) and the part of the site the query names. */
function prior(
  index: LoadedIndex,
  s: number,
  options: RankOptions,
  asksForId: boolean,
  named: ReadonlySet<SidebarId | null>,
  asksAboutApi: boolean,
): number {
  let weight = named.has(index.sidebarOf(s)) ? NAMED_SIDEBAR_WEIGHT : 1;
  if (!asksAboutApi && index.sidebarOf(s) === 'api') weight *= UNASKED_API_WEIGHT;
  if (index.linkSections[s]) weight *= PRIORS.links;
  const kind = index.pageOfSection.length ? index.pageKinds[index.pageOfSection[s]!] : PAGE_KINDS.guide;
  if (kind === PAGE_KINDS.overview) weight *= PRIORS.overview;
  if (kind === PAGE_KINDS.item && !asksForId) weight *= PRIORS.item;
  if (!options.sidebar && NEWS_SIDEBARS.includes(index.sidebarOf(s))) weight *= PRIORS.news;
  return weight;
}

/** Ranks a planned query; every term of `planTerms(plan)` must have its postings loaded. */
export function rankPlan(index: LoadedIndex, plan: QueryPlan, options: RankOptions = {}): Ranking {
  let scores = score(index, plan.clauses);
  const retypedKnowsMore = plan.otherLayout !== null && wordsKnown(plan.otherLayout) > wordsKnown(plan.clauses);
  if ((scores.size < LAYOUT_RETRY_BELOW || retypedKnowsMore) && plan.otherLayout) {
    const other = score(index, plan.otherLayout);
    // Typed in the wrong layout: the retyped query's hits, with what the typo budget found below them.
    if (other.size > (retypedKnowsMore ? 0 : scores.size)) {
      for (const s of scores.touched) other.raise(s, scores.values[s]! * 0.5);
      give(index, scores);
      scores = other;
    } else {
      for (const s of other.touched) scores.raise(s, other.values[s]! * 0.9);
      give(index, other);
    }
  }
  const filter = options.version ? index.entry.versions.find((v) => v.id === options.version) : undefined;
  const named = new Set(plan.versions);
  if (filter) named.add(`${filter.sidebar}/${filter.id}`);
  const namedSidebars = new Set([...named].map((n) => n.split('/')[0]));
  const namedVersions = new Set(index.entry.versions.filter((v) => named.has(`${v.sidebar}/${v.id}`)));
  const sidebarsNamed = sidebarsNamedBy(plan);
  const asksAboutApi =
    sidebarsNamed.size > 0 ||
    options.sidebar === 'api' ||
    plan.clauses.some((c) => c.alternatives[0]!.tokens.some((t) => API_TERMS.has(t.text)));
  const asksForId = /(^|[^\p{L}\p{N}])(id|ids|идентификатор\p{L}*|cid)($|[^\p{L}\p{N}])/iu.test(plan.query);
  // The weighted score is written over the score; the sections kept are listed in `sections`.
  const values = scores.values;
  const sections: number[] = [];
  // Per sidebar whose versions the query leaves unnamed: its best current and best legacy score.
  const bestCurrent = new Map<string, number>();
  const bestLegacy = new Map<string, number>();
  const legacy: number[] = [];
  for (const s of scores.touched) {
    const v = values[s]!;
    if (v <= 0) continue;
    if (options.sidebar && index.sidebarOf(s) !== options.sidebar) continue;
    if (options.within && !options.within.includes(index.sidebarOf(s))) continue;
    if (filter && index.sidebarOf(s) !== filter.sidebar) continue;
    const version = index.versionOfSection(s);
    let weight = prior(index, s, options, asksForId, sidebarsNamed, asksAboutApi);
    if (version) {
      if (filter && version.sidebar === filter.sidebar && version.id !== filter.id) continue;
      // Current versions first, unless the query or the filter names another version of the sidebar.
      if (namedSidebars.has(version.sidebar)) {
        if (!namedVersions.has(version)) weight *= LEGACY_WEIGHT;
      } else if (!version.current) weight *= LEGACY_WEIGHT;
      if (!namedSidebars.has(version.sidebar)) {
        const best = version.current ? bestCurrent : bestLegacy;
        best.set(version.sidebar, Math.max(best.get(version.sidebar) ?? 0, v * weight));
        if (!version.current) legacy.push(s);
      }
    }
    values[s] = v * weight;
    sections.push(s);
  }
  // The current version first in every case: when a legacy page of a sidebar still outscores the
  // best current one, that sidebar's legacy scores are scaled (in order) to rank just below it.
  for (const s of legacy) {
    const sidebar = index.versionOfSection(s)!.sidebar;
    const current = bestCurrent.get(sidebar) ?? 0;
    const top = bestLegacy.get(sidebar)!;
    if (current > 0 && top >= current) values[s] = values[s]! * ((current * CURRENT_LEAD) / top);
  }
  sections.sort((a, b) => values[b]! - values[a]! || a - b);
  const ranked = sections.map((s) => values[s]!);
  give(index, scores);
  return { sections, scores: ranked };
}
