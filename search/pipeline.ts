/**
 * The language pipeline of the search: the generator indexes with it, the site and other programs
 * query with it. Pure: no Node, no DOM.
 *
 * Tokens are split on white space and hyphens (as elasticlunr's tokenizer splits them), lower-cased,
 * ё folded to е and trimmed of punctuation in any script (elasticlunr's own trimmer only knows
 * ASCII letters and would delete Cyrillic words). ru: Cyrillic tokens go through the Russian
 * Snowball stemmer, Latin ones (SKU, API, planogram) through the English one; Russian and English
 * stop words are dropped. en: English only.
 */
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemRussian } from '@orama/stemmers/russian';
import { eng, rus } from 'stopword';
import type { LocaleCode } from '@vitrina-docs/schemas';

/** The names of the pipeline functions, as the stock elasticlunr index lists them. */
export const PIPELINE_NAMES = {
  trimmer: 'vd-trimmer',
  stop: { ru: 'vd-stop-ru', en: 'vd-stop-en' },
  // Version 2: with STEM_EXCEPTIONS.
  stem: { ru: 'vd-stem-ru-2', en: 'vd-stem-en-2' },
} as const;

/**
 * Words the stemmer would merge with a word of another meaning, kept as they are: "supported"
 * (what a phone must be) is not "support" (the help desk and its pages), "supports" neither.
 */
export const STEM_EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ['supported', 'supported'],
  ['unsupported', 'unsupported'],
  ['supports', 'supported'],
]);

/**
 * Words of a question or a request that say nothing about what is sought ("почему", "что делать
 * если", "how do I", "what is"): dropped from a query that has other words. Most question words
 * are stop words already; these are the rest.
 */
export const QUERY_FILLER: Record<LocaleCode, ReadonlySet<string>> = {
  ru: new Set([
    'почему',
    'зачем',
    'делать',
    'сделать',
    'какие',
    'каким',
    'каких',
    'такое',
    'нужно',
    'надо',
    'подскажите',
    'пожалуйста',
    'скажите',
    'получается',
    'могу',
    'хочу',
    'why',
    'does',
  ]),
  en: new Set(['why', 'does', 'doing', 'done', 'please', 'need', 'want', 'tell']),
};

export function pipelineNames(locale: LocaleCode): string[] {
  return [PIPELINE_NAMES.trimmer, PIPELINE_NAMES.stop[locale], PIPELINE_NAMES.stem[locale]];
}

const CYRILLIC = /[\u0400-\u04ff]/;

/** elasticlunr's tokenizer: white space and hyphens separate tokens. */
export function tokenize(text: string): string[] {
  return text
    .trim()
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
}

/** Lower case, ё → е, punctuation of any script trimmed from both ends. */
export function trimToken(token: string): string {
  return token
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

const stopWords: Record<LocaleCode, ReadonlySet<string>> = {
  ru: new Set([...rus, ...eng].map(trimToken)),
  en: new Set(eng.map(trimToken)),
};

export function isStopWord(token: string, locale: LocaleCode): boolean {
  return stopWords[locale].has(token);
}

export function stemToken(token: string, locale: LocaleCode): string {
  if (locale === 'ru' && CYRILLIC.test(token)) return stemRussian(token);
  if (/^[a-z]+$/.test(token)) return STEM_EXCEPTIONS.get(token) ?? stemEnglish(token);
  return token;
}

/** Terms of tokens seen before, per locale: a text repeats its words, and stemming is the costly step. */
const known: Record<LocaleCode, Map<string, string | null>> = { ru: new Map(), en: new Map() };

/** One token through the locale's pipeline: its term, or null when it is dropped. */
export function termOf(token: string, locale: LocaleCode): string | null {
  const cache = known[locale];
  let term = cache.get(token);
  if (term === undefined) {
    const t = trimToken(token);
    term = !t || isStopWord(t, locale) ? null : stemToken(t, locale);
    if (cache.size >= 200_000) cache.clear();
    cache.set(token, term);
  }
  return term;
}

/** Runs a text through the tokenizer and a locale's pipeline, as the index does. */
export function analyse(text: string, locale: LocaleCode): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const term = termOf(token, locale);
    if (term) out.push(term);
  }
  return out;
}

/** The part of elasticlunr that `registerElasticlunrPipeline` needs. */
export interface ElasticlunrLike {
  Pipeline: { registerFunction(fn: (token: string) => string | undefined, label: string): void };
}

/**
 * Registers the pipeline functions with a stock elasticlunr (the caller's own copy), so that
 * `elasticlunr.Index.load()` accepts the stock index JSON and analyses queries as the site does.
 */
export function registerElasticlunrPipeline(elasticlunr: ElasticlunrLike): void {
  const trim = (t: string) => trimToken(t) || undefined;
  elasticlunr.Pipeline.registerFunction(trim, PIPELINE_NAMES.trimmer);
  for (const locale of ['ru', 'en'] as const) {
    elasticlunr.Pipeline.registerFunction((t) => (isStopWord(t, locale) ? undefined : t), PIPELINE_NAMES.stop[locale]);
    elasticlunr.Pipeline.registerFunction((t) => stemToken(t, locale), PIPELINE_NAMES.stem[locale]);
  }
}
