/**
 * The writers' search synonyms (content/synonyms/<locale>.yaml): groups of words or phrases that
 * mean the same to a reader ("айфон", "iPhone"). Checked against SynonymsFileSchema and the
 * locale's pipeline: a phrase made of stop words only would match nothing, and a phrase in two
 * groups would make the groups one without saying so. Applied at query time by the search.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SynonymsFileSchema, type LocaleCode } from '@vitrina-docs/schemas';
import { analyse } from '@vitrina-docs/search';
import type { Diagnostics } from '../diagnostics.ts';
import { checkWithSchema, parseYamlLazily, positionOf } from '../yaml-source.ts';

export function checkSynonyms(
  contentDir: string,
  locales: readonly LocaleCode[],
  diagnostics: Diagnostics,
): Partial<Record<LocaleCode, string[][]>> {
  const out: Partial<Record<LocaleCode, string[][]>> = {};
  for (const locale of locales) {
    const path = join(contentDir, 'synonyms', `${locale}.yaml`);
    if (!existsSync(path)) continue;
    const file = `content/synonyms/${locale}.yaml`;
    const src = parseYamlLazily(readFileSync(path, 'utf8'), file, diagnostics);
    if (!src) continue;
    const parsed = checkWithSchema(src, SynonymsFileSchema, diagnostics, 'synonyms-invalid', 'synonyms');
    if (!parsed) continue;
    const seen = new Map<string, number>();
    parsed.synonyms.forEach((group, g) => {
      group.forEach((phrase, p) => {
        const at = positionOf(src, ['synonyms', g, p], false);
        const terms = analyse(phrase, locale).join(' ');
        if (!terms) {
          diagnostics.error(
            file,
            at.line,
            at.column,
            'synonym-empty',
            `synonyms: "${phrase}" is made of stop words only and would match nothing`,
          );
          return;
        }
        const other = seen.get(terms);
        if (other !== undefined && other !== g)
          diagnostics.error(
            file,
            at.line,
            at.column,
            'synonym-twice',
            `synonyms: "${phrase}" is also in group ${other + 1}; merge the two groups or keep it in one`,
          );
        seen.set(terms, g);
      });
    });
    out[locale] = parsed.synonyms;
  }
  return out;
}
