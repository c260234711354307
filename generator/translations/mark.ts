import { readFileSync, writeFileSync } from 'node:fs';
import type { TranslationPair } from './status.ts';
import { storeMarkedSource } from './marked-sources.ts';
import { translationHash } from './source-hash.ts';

const FRONTMATTER = /^---(\r?\n)([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;
const KEY_LINE = /^translation_of:.*$/m;

/**
 * Sets `translation_of: <hash>` in the frontmatter text of a page, replacing the key's line
 * or adding one before the closing `---`; every other byte stays as it was.
 */
export function withTranslationMark(source: string, hash: string): string {
  const m = FRONTMATTER.exec(source);
  if (!m) throw new Error('the page has no frontmatter');
  const eol = m[1]!;
  const yaml = m[2] ?? '';
  // A hash of digits alone (or digits and an `e`) would read as a number in YAML: quote it.
  const line = `translation_of: ${/^[\d.e+-]+$/i.test(hash) ? `"${hash}"` : hash}`;
  const next = KEY_LINE.test(yaml) ? yaml.replace(KEY_LINE, line) : `${yaml}${line}${eol}`;
  // From the closing `---` on, the text is kept as it is.
  return `---${eol}${next}${source.slice(3 + eol.length + yaml.length)}`;
}

/**
 * Records in each translation the hash of its source's current body, and keeps a copy of that
 * source (for the diff `vitrina-docs translations` shows once it changes). Returns the files that changed.
 */
export function markTranslations(root: string, pairs: readonly TranslationPair[]): string[] {
  const changed: string[] = [];
  for (const { translation, source } of pairs) {
    const text = readFileSync(translation.absPath, 'utf8');
    const sourceText = readFileSync(source.absPath, 'utf8');
    storeMarkedSource(root, sourceText);
    const next = withTranslationMark(text, translationHash(sourceText));
    if (next === text) continue;
    writeFileSync(translation.absPath, next);
    changed.push(translation.file);
  }
  return changed;
}
