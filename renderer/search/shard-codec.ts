/**
 * The browser encoding of a search shard, both ways. Pure (no Node, no DOM): the generator
 * encodes, the browser and the tests decode.
 */
import type { CompactShard } from '../../schemas/search.ts';
import { elasticlunr, registerPipeline } from './pipeline.ts';

/** 64 URL-safe characters: the first 32 end a number, the last 32 say more digits follow. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGIT = new Map([...ALPHABET].map((c, i) => [c, i]));

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

export function decodeNumbers(text: string): number[] {
  const nums: number[] = [];
  let n = 0;
  let scale = 1;
  for (const c of text) {
    const d = DIGIT.get(c) ?? 0;
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

type TrieNode = { docs: Record<string, { tf: number }>; df: number } & { [char: string]: unknown };

export interface ShardSection {
  page: number;
  lengths: number[];
}

/** Position of the first field length in a section row. */
export const SECTION_LENGTHS_AT = 1;

/** Encodes an elasticlunr index whose references are section positions ("0", "1", …). */
export function encodeShard(
  index: elasticlunr.Index<object>,
  meta: Omit<CompactShard, 'format' | 'pipeline' | 'fields' | 'sections' | 'postings'>,
  sections: ShardSection[],
): CompactShard {
  const json = index.toJSON() as unknown as { fields: string[]; pipeline: string[]; index: Record<string, { root: TrieNode }> };
  const postings: CompactShard['postings'] = {};
  for (const field of json.fields) {
    const out: Record<string, string> = {};
    const walk = (node: TrieNode, prefix: string) => {
      for (const key of Object.keys(node)) {
        if (key === 'docs' || key === 'df') continue;
        const child = node[key] as TrieNode;
        const token = prefix + key;
        const refs = Object.keys(child.docs ?? {});
        if (refs.length) {
          const list = refs.map((r) => [Number(r), Math.round(child.docs[r]!.tf ** 2)] as const).sort((a, b) => a[0] - b[0]);
          const nums: number[] = [];
          let prev = 0;
          for (const [ref, count] of list) {
            nums.push(((ref - prev) << 1) | (count > 1 ? 1 : 0));
            if (count > 1) nums.push(count);
            prev = ref;
          }
          out[token] = encodeNumbers(nums);
        }
        walk(child, token);
      }
    };
    walk(json.index[field]!.root, '');
    postings[field] = out;
  }
  return {
    format: 'vitrina-search-shard/1',
    ...meta,
    pipeline: json.pipeline,
    fields: json.fields,
    sections: sections.map((s) => [s.page, ...s.lengths]),
    postings,
  };
}

/** Rebuilds a stock elasticlunr index from a compact shard (the pipeline is registered first). */
export function decodeShard(shard: CompactShard): elasticlunr.Index<Record<string, string>> {
  registerPipeline();
  const index = elasticlunr.Index.load<Record<string, string>>({
    version: elasticlunr.version,
    fields: shard.fields,
    ref: 'id',
    documentStore: { docs: {}, docInfo: {}, length: 0, save: false },
    index: Object.fromEntries(shard.fields.map((f) => [f, { root: { docs: {}, df: 0 } }])),
    pipeline: shard.pipeline,
  } as unknown as elasticlunr.SerialisedIndexData<Record<string, string>>);
  const store = index.documentStore as unknown as {
    addDoc(ref: string, doc: null): void;
    addFieldLength(ref: string, field: string, n: number): void;
  };
  shard.sections.forEach((s, i) => {
    const ref = String(i);
    store.addDoc(ref, null);
    shard.fields.forEach((f, k) => store.addFieldLength(ref, f, Number(s[SECTION_LENGTHS_AT + k])));
  });
  const inverted = index.index as unknown as Record<string, { addToken(token: string, info: { ref: string; tf: number }): void }>;
  for (const field of shard.fields) {
    const target = inverted[field]!;
    for (const [token, encoded] of Object.entries(shard.postings[field] ?? {})) {
      const nums = decodeNumbers(encoded);
      let ref = 0;
      for (let i = 0; i < nums.length; i++) {
        const n = nums[i]!;
        ref += n >> 1;
        const count = n & 1 ? nums[++i]! : 1;
        target.addToken(token, { ref: String(ref), tf: Math.sqrt(count) });
      }
    }
  }
  return index;
}
