/**
 * The search engine of a locale, for the site and for other programs: it loads the entry, then
 * the postings a query needs and the sections of the hits it draws, and ranks with the shared
 * pipeline (query.ts). Files are read with `load` (a fetch of a site path, `/search/…`).
 */
import type { LocaleCode, SearchEntry } from '@vitrina-docs/schemas';
import type { SearchEngine, SearchHit, SearchOptions, SearchPage } from './search-api.ts';
import { LoadedIndex, type LoadJson } from './loaded-index.ts';
import { editDistance, planQuery, planTerms, rankPlan, switchLayout, typoBudget, type QueryPlan, type Ranking } from './query.ts';
import { termOf, trimToken } from './pipeline.ts';
import { snippet } from './snippet.ts';

/** Snippet parts → the string and mark ranges the UI draws. */
function toSnippet(text: string, query: string, locale: LocaleCode, terms: ReadonlySet<string>): Pick<SearchHit, 'snippet' | 'highlights'> {
  if (!text) return { snippet: '', highlights: [] };
  let out = '';
  const highlights: [number, number][] = [];
  for (const part of snippet(text, query, locale, 180, terms)) {
    if (part.match) highlights.push([out.length, out.length + part.text.length]);
    out += part.text;
  }
  return { snippet: out, highlights };
}

/** A small least-recently-used map: several renders of one keystroke ask the same question. */
class Recent<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): V {
    this.map.set(key, v);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
    return v;
  }
}

/** How many next letters `ahead` ranks (the likeliest: see `nextLetters`). */
const AHEAD_LETTERS = 6;
/** At most this many postings files are fetched ahead per keystroke (they are a few KB each). */
const AHEAD_POSTINGS = 3;

export class Engine implements SearchEngine {
  readonly index: LoadedIndex;
  readonly locale: LocaleCode;
  private readonly plans = new Recent<QueryPlan>(64);
  private readonly rankings = new Recent<Ranking>(64);
  private readonly hits = new Recent<SearchHit>(512);

  constructor(entry: SearchEntry, load: LoadJson) {
    this.index = new LoadedIndex(entry, load);
    this.locale = entry.locale;
  }

  plan(query: string): QueryPlan {
    const q = query.trim();
    return this.plans.get(q) ?? this.plans.set(q, planQuery(this.index, q, this.locale));
  }

  /** Every matching section, best first; null when postings must be fetched first (`rankAsync`). */
  rank(query: string, options: SearchOptions = {}): Ranking | null {
    const key = `${options.sidebar ?? ''}\u0000${options.version ?? ''}\u0000${options.within?.join(',') ?? ''}\u0000${query.trim()}`;
    const known = this.rankings.get(key);
    if (known) return known;
    const plan = this.plan(query);
    if (!this.index.hasPostings(planTerms(plan))) return null;
    return this.rankings.set(key, rankPlan(this.index, plan, options));
  }

  async rankAsync(query: string, options: SearchOptions = {}): Promise<Ranking> {
    const ready = this.rank(query, options);
    if (ready) return ready;
    await this.index.loadPostings(planTerms(this.plan(query)));
    return this.rank(query, options)!;
  }

  private hit(section: number, score: number, query: string): SearchHit | null {
    const doc = this.index.doc(section);
    if (!doc) return null;
    const key = `${section}\u0000${query}`;
    const known = this.hits.get(key);
    if (known && known.score === score) return known;
    const locale = this.locale;
    const terms = this.markedTerms(query);
    let made: Pick<SearchHit, 'snippet' | 'highlights'> | null = null;
    // The snippet is made when it is first read: only the hits drawn pay for one.
    const get = () => (made ??= toSnippet(doc.text, query, locale, terms));
    return this.hits.set(key, {
      doc,
      score,
      get snippet() {
        return get().snippet;
      },
      get highlights() {
        return get().highlights;
      },
    });
  }

  /** The terms a snippet marks besides the query's words: those its typos and synonyms stand for. */
  private markedTerms(query: string): ReadonlySet<string> {
    const out = new Set<string>();
    for (const clause of this.plan(query).clauses)
      clause.alternatives.forEach((alt, a) => {
        for (const token of alt.tokens)
          for (const key of token.keys) if (a > 0 ? key.factor === 1 : key.credit < 1) out.add(this.index.vocabulary[key.term]!);
      });
    return out;
  }

  peek(query: string, options: SearchOptions, count: number): SearchPage | null {
    const ranking = this.rank(query, options);
    if (!ranking) return null;
    const hits: SearchHit[] = [];
    const end = Math.min(count, ranking.sections.length);
    for (let i = 0; i < end; i++) {
      const h = this.hit(ranking.sections[i]!, ranking.scores[i]!, query.trim());
      if (!h) return null;
      hits.push(h);
    }
    return { total: ranking.sections.length, hits };
  }

  private words: Promise<string[]> | null = null;

  /**
   * "Did you mean": the query with each word that matches nothing replaced by the closest word
   * the pages write (one edit more than the typo budget allows, or the other keyboard layout),
   * when that query finds something; else null. Fetches the word list the first time.
   */
  async suggest(query: string): Promise<string | null> {
    this.words ??= this.index.loadWords().catch((e: unknown) => {
      this.words = null;
      throw e;
    });
    const written = await this.words;
    const locale = this.locale;
    let changed = false;
    const out = query
      .trim()
      .split(/\s+/)
      .map((word) => {
        const w = trimToken(word);
        const term = termOf(word, locale);
        if (!w || !term || /^\d+$/.test(w) || this.index.termAt(term) >= 0) return word;
        const retyped = switchLayout(w);
        const retypedTerm = retyped ? termOf(retyped, /[\u0400-\u04ff]/.test(retyped) ? 'ru' : 'en') : null;
        if (retyped && retypedTerm && this.index.termAt(retypedTerm) >= 0) {
          changed = true;
          return retyped;
        }
        const budget = typoBudget(w) + 1;
        let best: string | null = null;
        let bestDistance = budget + 1;
        for (const candidate of written) {
          if (Math.abs(candidate.length - w.length) > budget || candidate.length < 3) continue;
          const d = editDistance(w, candidate);
          // The closest; among equally close ones the most frequent (the list is in that order).
          if (d < bestDistance) [best, bestDistance] = [candidate, d];
        }
        if (!best || bestDistance === 0) return word;
        changed = true;
        return best;
      })
      .join(' ');
    if (!changed) return null;
    const ranking = await this.rankAsync(out);
    return ranking.sections.length ? out : null;
  }

  /**
   * The letters a word being typed most likely goes on with: first those the words of the hits
   * already drawn go on with (the more often, the likelier), then those the vocabulary's terms do.
   */
  private nextLetters(query: string, options: SearchOptions, last: string, count: number): string[] {
    const seen = new Map<string, number>();
    const ranking = this.rank(query, options);
    for (const section of ranking?.sections.slice(0, count * 2) ?? []) {
      const doc = this.index.doc(section);
      if (!doc) continue;
      const text = `${doc.title} ${doc.heading} ${doc.text}`.toLowerCase().replace(/ё/g, 'е');
      for (let at = text.indexOf(last); at >= 0; at = text.indexOf(last, at + 1)) {
        if (at > 0 && /[\p{L}\p{N}]/u.test(text[at - 1]!)) continue;
        const next = text[at + last.length];
        if (next && /[\p{L}\p{N}]/u.test(next)) seen.set(next, (seen.get(next) ?? 0) + 1);
      }
    }
    const v = this.index.vocabulary;
    const terms = new Map<string, number>();
    for (let i = this.index.lowerBound(last); i < v.length && v[i]!.startsWith(last); i++) {
      const next = v[i]![last.length];
      if (next) terms.set(next, (terms.get(next) ?? 0) + 1);
    }
    // Both kinds: past its stem ("распознавани", stem "распознаван") a word goes on with letters no term has.
    return [...new Set([...seen.keys(), ...terms.keys()])].sort(
      (a, b) => (seen.get(b) ?? 0) - (seen.get(a) ?? 0) || (terms.get(b) ?? 0) - (terms.get(a) ?? 0) || (a < b ? -1 : 1),
    );
  }

  async ahead(query: string, options: SearchOptions, count: number, maxFiles: number): Promise<void> {
    // A finished word (a space after it) goes on with any word: nothing to tell ahead.
    const last = /\S$/.test(query) ? trimToken(query.trim().split(/\s+/).at(-1) ?? '') : '';
    if (!last) return;
    const letters = this.nextLetters(query, options, last, count);
    const files = new Set<number>();
    const loads: Promise<void>[] = [];
    let postingFiles = 0;
    // The likeliest letters only, each ranking a task of its own: a keystroke typed meanwhile is
    // not kept waiting behind this work. The likeliest letter's hits are fetched whole, the
    // others' as far as `maxFiles` goes; postings files (small) for the first AHEAD_POSTINGS.
    for (const letter of letters.slice(0, AHEAD_LETTERS)) {
      await new Promise((r) => setTimeout(r, 0));
      const next = query + letter;
      let ranking = this.rank(next, options);
      if (!ranking) {
        const terms = planTerms(this.plan(next));
        const missing = this.index.missingPostings(terms);
        if (postingFiles + missing > AHEAD_POSTINGS) continue;
        postingFiles += missing;
        await this.index.loadPostings(terms);
        ranking = this.rank(next, options)!;
      }
      const sections: number[] = [];
      for (const section of ranking.sections.slice(0, count)) {
        if (this.index.doc(section)) continue;
        const file = this.index.groupOf(section);
        if (!files.has(file) && files.size >= maxFiles && loads.length) continue;
        files.add(file);
        sections.push(section);
      }
      loads.push(this.index.loadSections(sections));
      if (files.size >= maxFiles) break;
    }
    await Promise.all(loads);
  }

  async load(query: string, options: SearchOptions, count: number): Promise<SearchPage> {
    const ranking = await this.rankAsync(query, options);
    await this.index.loadSections(ranking.sections.slice(0, count));
    return this.peek(query, options, count)!;
  }
}

/** An engine over a locale's entry; files are read with `load`. */
export function createEngine(entry: SearchEntry, load: LoadJson): Engine {
  return new Engine(entry, load);
}

/** Loads a locale's entry with `fetchJson` (the caller's fetch, e.g. one that recognises a redeploy). */
export async function loadEngine(entryUrl: string, fetchJson: (url: string) => Promise<unknown>): Promise<Engine> {
  return createEngine((await fetchJson(entryUrl)) as SearchEntry, fetchJson);
}
