/**
 * The browser encoding of a search shard, both ways. Pure (no Node, no DOM): the generator
 * encodes, the browser and the tests decode.
 */
import type { CompactShard } from '@vitrina-docs/schemas';
import { encodePostings, FlatPostings } from './flat-postings.ts';
import { decodeSortedWords, encodeSortedWords } from './numbers-codec.ts';
import { elasticlunr, registerPipeline } from './pipeline.ts';

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
  meta: Omit<CompactShard, 'format' | 'pipeline' | 'fields' | 'sections' | 'tokens' | 'postings'>,
  sections: ShardSection[],
): CompactShard {
  const json = index.toJSON() as unknown as { fields: string[]; pipeline: string[]; index: Record<string, { root: TrieNode }> };
  const byField = new Map<string, Map<string, string>>();
  for (const field of json.fields) {
    const out = new Map<string, string>();
    const walk = (node: TrieNode, prefix: string) => {
      for (const key of Object.keys(node)) {
        if (key === 'docs' || key === 'df') continue;
        const child = node[key] as TrieNode;
        const token = prefix + key;
        const refs = Object.keys(child.docs ?? {});
        if (refs.length) out.set(token, encodePostings(refs.map((r) => [Number(r), Math.round(child.docs[r]!.tf ** 2)])));
        walk(child, token);
      }
    };
    walk(json.index[field]!.root, '');
    byField.set(field, out);
  }
  const vocabulary = [...new Set([...byField.values()].flatMap((m) => [...m.keys()]))].sort();
  return {
    format: 'vitrina-search-shard/2',
    ...meta,
    pipeline: json.pipeline,
    fields: json.fields,
    sections: sections.map((s) => [s.page, ...s.lengths]),
    tokens: encodeSortedWords(vocabulary),
    postings: Object.fromEntries([...byField].map(([field, m]) => [field, vocabulary.map((t) => m.get(t) ?? '').join(' ')])),
  };
}

/**
 * An elasticlunr index over a compact shard (the pipeline is registered first). Its fields answer
 * from the postings directly (`FlatPostings`): loading costs nothing beyond the JSON parse, and
 * queries score exactly as on the stock index.
 */
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
  const fields = index.index as unknown as Record<string, FlatPostings>;
  const vocabulary = decodeSortedWords(shard.tokens);
  for (const field of shard.fields) fields[field] = new FlatPostings(vocabulary, (shard.postings[field] ?? '').split(' '));
  return index;
}
