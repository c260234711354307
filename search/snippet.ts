/**
 * Snippets for search results as plain segments, never HTML: the UI draws each segment as text,
 * marking the matched ones, so a query can never be inserted into the page as markup.
 */
import type { LocaleCode } from '@vitrina-docs/schemas';
import { queryTokens } from './query.ts';
import { stemToken, trimToken } from './pipeline.ts';

export interface SnippetPart {
  text: string;
  match: boolean;
}

/** Words as the index saw them, [trimmed, stem], kept across snippets: the same words come back on every keystroke. */
const analysed = new Map<string, readonly [string, string]>();

function analyseWord(word: string, locale: LocaleCode): readonly [string, string] {
  const key = `${locale}:${word}`;
  let hit = analysed.get(key);
  if (!hit) {
    const w = trimToken(word);
    hit = [w, w ? stemToken(w, locale) : ''];
    if (analysed.size >= 50_000) analysed.clear();
    analysed.set(key, hit);
  }
  return hit;
}

/** Does a word of the text match one of the query tokens (same stem, or the typed prefix)? */
function matcher(query: string, locale: LocaleCode, terms: ReadonlySet<string>): (word: string) => boolean {
  const tokens = queryTokens(query, locale).filter((t) => t.length >= 2);
  return (word) => {
    const [w, stem] = analyseWord(word, locale);
    if (!w) return false;
    return terms.has(stem) || tokens.some((t) => stem === t || w.startsWith(t) || (t.length >= 3 && stem.startsWith(t)));
  };
}

const NO_TERMS: ReadonlySet<string> = new Set();

/** Splits text into segments with the words that match the query marked. */
/** `terms`: further terms to mark, e.g. those a misspelt word or a synonym stood for. */
export function highlight(text: string, query: string, locale: LocaleCode, terms = NO_TERMS): SnippetPart[] {
  const isMatch = matcher(query, locale, terms);
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
export function snippet(text: string, query: string, locale: LocaleCode, length = 180, terms = NO_TERMS): SnippetPart[] {
  if (text.length <= length) return highlight(text, query, locale, terms);
  const isMatch = matcher(query, locale, terms);
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  // Matches before each word (prefix sums), so that every window is counted in one step.
  const before = [0];
  for (const w of words) before.push(before[before.length - 1]! + (isMatch(w[0]) ? 1 : 0));
  let bestStart = 0;
  let bestCount = -1;
  let end = 0;
  for (let i = 0; i < words.length && i <= 401; i++) {
    const start = words[i]!.index;
    end = Math.max(end, i);
    while (end < words.length && words[end]!.index < start + length) end++;
    const count = before[end]! - before[i]!;
    if (count > bestCount) {
      bestCount = count;
      bestStart = Math.max(0, start - 20);
    }
  }
  let slice = text.slice(bestStart, bestStart + length);
  const head = bestStart > 0 ? '…' : '';
  const tail = bestStart + length < text.length ? '…' : '';
  slice = slice.replace(/^\S*\s/, bestStart > 0 ? '' : (slice.match(/^\S*\s/)?.[0] ?? ''));
  return highlight(`${head}${slice.trimEnd()}${tail}`, query, locale, terms);
}
