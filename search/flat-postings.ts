/**
 * A read-only stand-in for one field of elasticlunr's inverted index, answering from the compact
 * shard's postings as they are: a sorted token list for prefix expansion, and each token's
 * postings decoded the first time a query asks for them. elasticlunr's own index is a trie with
 * an object per character and per posting; building it cost the first search most of its time.
 * It offers exactly what `Index.prototype.fieldSearch` calls, with the same results.
 */
import { decodeNumbers, encodeNumbers } from './numbers-codec.ts';

export type Postings = Record<string, { tf: number }>;

const NO_DOCS: Postings = Object.freeze({}) as Postings;

/** elasticlunr reads only `tf` from a posting: one shared object per count. */
const TERM_FREQUENCIES: { tf: number }[] = [];

/** Encodes one token's postings, [section, count] pairs (elasticlunr's tf is √count). */
export function encodePostings(postings: readonly (readonly [number, number])[]): string {
  const nums: number[] = [];
  let prev = 0;
  for (const [ref, count] of [...postings].sort((a, b) => a[0] - b[0])) {
    nums.push(((ref - prev) << 1) | (count > 1 ? 1 : 0));
    if (count > 1) nums.push(count);
    prev = ref;
  }
  return encodeNumbers(nums);
}

/** Decodes one token's postings: (Δref << 1 | has count) [count], term frequency √count. */
export function decodePostings(encoded: string): Postings {
  const docs: Postings = {};
  const nums = decodeNumbers(encoded);
  let ref = 0;
  for (let i = 0; i < nums.length; i++) {
    const n = nums[i]!;
    ref += n >> 1;
    const count = n & 1 ? nums[++i]! : 1;
    docs[ref] = TERM_FREQUENCIES[count] ??= Object.freeze({ tf: Math.sqrt(count) });
  }
  return docs;
}

/** One field of a shard: the shared sorted vocabulary and this field's postings, aligned with it. */
export class FlatPostings {
  private readonly decoded = new Map<number, { docs: Postings; df: number }>();
  /** The next entry `warm` looks at. */
  private warmed = 0;

  constructor(
    private readonly vocabulary: readonly string[],
    private readonly encoded: readonly string[],
  ) {}

  /** Position of the first vocabulary entry not below `token`. */
  private lowerBound(token: string): number {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.vocabulary[mid]! < token) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private decodeAt(at: number): { docs: Postings; df: number } {
    let hit = this.decoded.get(at);
    if (!hit) {
      const docs = decodePostings(this.encoded[at]!);
      hit = { docs, df: Object.keys(docs).length };
      this.decoded.set(at, hit);
    }
    return hit;
  }

  private entry(token: string): { docs: Postings; df: number } | null {
    const at = this.lowerBound(token);
    if (this.vocabulary[at] !== token || !this.encoded[at]) return null;
    return this.decodeAt(at);
  }

  /** Decodes the postings no query has asked for yet while `hasTime()` says so; true once all are. */
  warm(hasTime: () => boolean): boolean {
    for (; this.warmed < this.vocabulary.length; this.warmed++) {
      if (!hasTime()) return false;
      if (this.encoded[this.warmed]) this.decodeAt(this.warmed);
    }
    return true;
  }

  getDocs(token: string): Postings {
    return this.entry(token)?.docs ?? NO_DOCS;
  }

  getDocFreq(token: string): number {
    return this.entry(token)?.df ?? 0;
  }

  getTermFrequency(token: string, ref: string): number {
    return this.entry(token)?.docs[ref]?.tf ?? 0;
  }

  hasToken(token: string): boolean {
    return this.entry(token) !== null;
  }

  /** Every token of this field that starts with `prefix` (the prefix itself first when it is one). */
  expandToken(prefix: string): string[] {
    const out: string[] = [];
    if (!prefix) return out;
    for (let i = this.lowerBound(prefix); i < this.vocabulary.length && this.vocabulary[i]!.startsWith(prefix); i++)
      if (this.encoded[i]) out.push(this.vocabulary[i]!);
    return out;
  }
}
