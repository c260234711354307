import { structuredPatch } from 'diff';
import type { TranslationHunk } from '@vitrina-docs/schemas';
import { pageBody } from './source-hash.ts';

/** Lines of the text before its body: the frontmatter block. */
const frontmatterLines = (source: string) => source.slice(0, source.length - pageBody(source).length).split('\n').length - 1;

/**
 * What changed in a source page's body between the version a translation was marked against
 * and now: unified-diff hunks with the line numbers of the two files (frontmatter counted).
 * Whitespace-only changes are left out, as the translation hash leaves them out.
 */
export function sourceChanges(marked: string, current: string, context = 2): TranslationHunk[] {
  const patch = structuredPatch('marked', 'current', pageBody(marked), pageBody(current), '', '', {
    context,
    ignoreWhitespace: true,
  });
  const oldOffset = frontmatterLines(marked);
  const newOffset = frontmatterLines(current);
  return patch.hunks.map((h) => ({
    oldStart: h.oldStart + oldOffset,
    oldLines: h.oldLines,
    newStart: h.newStart + newOffset,
    newLines: h.newLines,
    lines: h.lines.filter((l) => !l.startsWith('\\')),
  }));
}
