import type { Diagnostics } from '../diagnostics.ts';
import type { Page } from '../pipeline/check.ts';
import { positionOf } from '../yaml-source.ts';
import { translationPairs, translationStatus } from './status.ts';

/**
 * Check stage: a translation marked with `translation_of` whose source body has changed
 * since is reported as `translation-outdated` (a warning; `validate --strict` fails on it).
 * Unmarked translations are not reported here: `vitrina-docs translations` lists them.
 */
export function checkTranslationMarks(pages: readonly Page[], diagnostics: Diagnostics): void {
  for (const pair of translationPairs(pages.map((p) => p.src))) {
    const status = translationStatus(pair);
    if (status.state !== 'outdated') continue;
    const fm = pair.translation.frontmatter;
    const pos = fm ? positionOf(fm, ['translation_of'], true) : { line: 1, column: 1 };
    diagnostics.warn(
      status.file,
      pos.line,
      pos.column,
      'translation-outdated',
      `${status.source} changed since this translation was marked (${status.recorded} → ${status.current}): update the translation, then run vitrina-docs translations --mark ${status.file}`,
    );
  }
}
