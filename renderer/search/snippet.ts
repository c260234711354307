/**
 * Snippets for search results as plain segments, never HTML: the UI draws each segment as text,
 * marking the matched ones, so a query can never be inserted into the page as markup.
 */
import type { LocaleCode } from '../../schemas/locale.ts';
import { queryTokens } from './query.ts';
import { stemToken, trimToken } from './pipeline.ts';

export interface SnippetPart {
  text: string;
  match: boolean;
}

/** Does a word of the text match one of the query tokens (same stem, or the typed prefix)? */
function matcher(query: string, locale: LocaleCode): (word: string) => boolean {
  const tokens = queryTokens(query, locale).filter((t) => t.length >= 2);
  return (word) => {
    const w = trimToken(word);
    if (!w) return false;
    const stem = stemToken(w, locale);
    return tokens.some((t) => stem === t || w.startsWith(t) || (t.length >= 3 && stem.startsWith(t)));
  };
}

/** Splits text into segments with the words that match the query marked. */
export function highlight(text: string, query: string, locale: LocaleCode): SnippetPart[] {
  const isMatch = matcher(query, locale);
  const parts: SnippetPart[] = [];
  for (const piece of text.split(/([\p{L}\p{N}][\p{L}\p{N}'’-]*)/u)) {
    if (!piece) continue;
    const match = isMatch(piece);
    const last = parts[parts.length - 1];
    if (last && last.match === match && !match) last.text += piece;
    else parts.push({ text: piece, match });
  }
  return parts;
}

/** The window of about `length` characters with the most matches, highlighted. */
export function snippet(text: string, query: string, locale: LocaleCode, length = 180): SnippetPart[] {
  if (text.length <= length) return highlight(text, query, locale);
  const isMatch = matcher(query, locale);
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  let bestStart = 0;
  let bestCount = -1;
  for (let i = 0; i < words.length; i++) {
    const start = words[i]!.index;
    let count = 0;
    for (let j = i; j < words.length && words[j]!.index < start + length; j++) if (isMatch(words[j]![0])) count++;
    if (count > bestCount) {
      bestCount = count;
      bestStart = Math.max(0, start - 20);
    }
    if (i > 400) break;
  }
  let slice = text.slice(bestStart, bestStart + length);
  const head = bestStart > 0 ? '…' : '';
  const tail = bestStart + length < text.length ? '…' : '';
  slice = slice.replace(/^\S*\s/, bestStart > 0 ? '' : (slice.match(/^\S*\s/)?.[0] ?? ''));
  return highlight(`${head}${slice.trimEnd()}${tail}`, query, locale);
}
