/**
 * The language pipeline of the search shards. The generator indexes with it and the browser
 * queries with it: elasticlunr's `Index.load` needs the same functions registered under the same
 * names. Pure: no Node, no DOM.
 *
 * ru: tokens in Cyrillic are stemmed by the Russian Snowball stemmer, tokens in Latin script
 * (SKU, API, planogram) by the English one; Russian and English stop words are dropped.
 * en: English only. Both fold ё to е and trim punctuation in any script (elasticlunr's own
 * trimmer only knows ASCII letters and would delete Cyrillic words).
 */
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemRussian } from '@orama/stemmers/russian';
import elasticlunr from 'elasticlunr';
import { eng, rus } from 'stopword';
import type { LocaleCode } from '@vitrina-docs/schemas';

export const PIPELINE_NAMES = {
  trimmer: 'vd-trimmer',
  stop: { ru: 'vd-stop-ru', en: 'vd-stop-en' },
  stem: { ru: 'vd-stem-ru', en: 'vd-stem-en' },
} as const;

const CYRILLIC = /[\u0400-\u04ff]/;

/** Lower case, ё → е, punctuation of any script trimmed from both ends. */
export function trimToken(token: string): string {
  return token
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

const stopRu = new Set([...rus, ...eng].map(trimToken));
const stopEn = new Set(eng.map(trimToken));

export function stemToken(token: string, locale: LocaleCode): string {
  if (locale === 'ru' && CYRILLIC.test(token)) return stemRussian(token);
  if (/^[a-z]+$/.test(token)) return stemEnglish(token);
  return token;
}

const trimmer = (token: string): string | undefined => trimToken(token) || undefined;
const stopRuFn = (token: string): string | undefined => (stopRu.has(token) ? undefined : token);
const stopEnFn = (token: string): string | undefined => (stopEn.has(token) ? undefined : token);
const stemRuFn = (token: string): string => stemToken(token, 'ru');
const stemEnFn = (token: string): string => stemToken(token, 'en');

let registered = false;

/** Registers the pipeline functions with elasticlunr (once); `Index.load` needs them. */
export function registerPipeline(): void {
  if (registered) return;
  registered = true;
  elasticlunr.Pipeline.registerFunction(trimmer, PIPELINE_NAMES.trimmer);
  elasticlunr.Pipeline.registerFunction(stopRuFn, PIPELINE_NAMES.stop.ru);
  elasticlunr.Pipeline.registerFunction(stopEnFn, PIPELINE_NAMES.stop.en);
  elasticlunr.Pipeline.registerFunction(stemRuFn, PIPELINE_NAMES.stem.ru);
  elasticlunr.Pipeline.registerFunction(stemEnFn, PIPELINE_NAMES.stem.en);
}

/** Sets an index's pipeline for a locale. */
export function applyPipeline(index: elasticlunr.Index<object>, locale: LocaleCode): void {
  registerPipeline();
  index.pipeline.reset();
  index.pipeline.add(trimmer, locale === 'ru' ? stopRuFn : stopEnFn, locale === 'ru' ? stemRuFn : stemEnFn);
}

/** Runs a text through the tokenizer and a locale's pipeline, as the index does. */
export function analyse(text: string, locale: LocaleCode): string[] {
  const tokens = elasticlunr.tokenizer(text) as string[];
  const out: string[] = [];
  for (const t of tokens) {
    const a = trimmer(t);
    if (!a) continue;
    const b = locale === 'ru' ? stopRuFn(a) : stopEnFn(a);
    if (!b) continue;
    out.push(locale === 'ru' ? stemRuFn(b) : stemEnFn(b));
  }
  return out;
}

export { elasticlunr };
