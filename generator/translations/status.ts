import { DEFAULT_LOCALE, type TranslationStatus } from '@vitrina-docs/schemas';
import type { SourcePage } from '../pipeline/load.ts';
import { translationHash } from './source-hash.ts';

/** A translated page and the source page it follows. */
export interface TranslationPair {
  translation: SourcePage;
  source: SourcePage;
}

/** Every page of a non-default locale whose default-locale source exists. */
export function translationPairs(pages: readonly SourcePage[]): TranslationPair[] {
  const sources = new Map<string, SourcePage>();
  for (const p of pages) if (p.route.locale === DEFAULT_LOCALE) sources.set(p.route.key, p);
  const pairs: TranslationPair[] = [];
  for (const p of pages) {
    if (p.route.locale === DEFAULT_LOCALE) continue;
    const source = sources.get(p.route.key);
    if (source) pairs.push({ translation: p, source });
  }
  return pairs;
}

/** The `translation_of` a page's frontmatter records, or null. */
export function recordedHash(page: SourcePage): string | null {
  const data = page.frontmatter?.data;
  if (!data || typeof data !== 'object') return null;
  const value = (data as Record<string, unknown>).translation_of;
  return typeof value === 'string' ? value : null;
}

/** Where a translation stands: in step with its source, behind it, or never marked. */
export function translationStatus({ translation, source }: TranslationPair): TranslationStatus {
  const recorded = recordedHash(translation);
  const current = translationHash(source.source);
  return {
    file: translation.file,
    source: source.file,
    state: recorded === null ? 'unmarked' : recorded === current ? 'current' : 'outdated',
    recorded,
    current,
  };
}
