/**
 * The compact shard's text encodings: lists of non-negative integers (postings) and sorted word
 * lists (the vocabulary) as short strings. Pure: the generator encodes, the browser decodes.
 */
/** 64 URL-safe characters: the first 32 end a number, the last 32 say more digits follow. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Non-negative integers as a compact string (5 bits a character, little-endian). */
export function encodeNumbers(nums: readonly number[]): string {
  let out = '';
  for (let n of nums) {
    while (n >= 32) {
      out += ALPHABET[32 + (n & 31)];
      n = Math.floor(n / 32);
    }
    out += ALPHABET[n];
  }
  return out;
}

/** Digit value of each character code (-1: not a digit). */
const DIGIT_OF = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export function decodeNumbers(text: string): number[] {
  const nums: number[] = [];
  let n = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const d = code < 128 ? Math.max(DIGIT_OF[code]!, 0) : 0;
    if (d >= 32) {
      n += (d - 32) * scale;
      scale *= 32;
    } else {
      nums.push(n + d * scale);
      n = 0;
      scale = 1;
    }
  }
  return nums;
}

/**
 * A sorted word list as one string: entries separated by a space, each starting with one
 * character that says how many leading characters it shares with the entry before (at most 63).
 */
export function encodeSortedWords(words: readonly string[]): string {
  let prev = '';
  return words
    .map((word) => {
      let shared = 0;
      const max = Math.min(prev.length, word.length, ALPHABET.length - 1);
      while (shared < max && prev[shared] === word[shared]) shared++;
      prev = word;
      return ALPHABET[shared]! + word.slice(shared);
    })
    .join(' ');
}

export function decodeSortedWords(text: string): string[] {
  if (!text) return [];
  let prev = '';
  return text.split(' ').map((entry) => {
    const shared = Math.max(DIGIT_OF[entry.charCodeAt(0)] ?? 0, 0);
    prev = prev.slice(0, shared) + entry.slice(1);
    return prev;
  });
}
