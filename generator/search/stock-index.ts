/**
 * The stock elasticlunr 0.9.5 index JSON (`Index.toJSON()`), written straight from the postings:
 * per field a trie with one node per character, each node `{ docs: { ref: { tf } }, df, …children }`,
 * tf = √count; the document store without documents, with each section's field lengths.
 * `elasticlunr.Index.load()` reads it as if elasticlunr had built it (tests/search compare the two).
 */
/** Per field, each term's postings as [section, count] with the field lengths. */
export interface FieldPostings {
  terms: Map<string, [section: number, count: number][]>;
  lengths: number[];
}

/** elasticlunr's version, as its toJSON writes it. */
const ELASTICLUNR_VERSION = '0.9.5';

/** A field's trie from its sorted terms, as a JSON string. */
function trieJson(terms: readonly string[], postings: Map<string, [number, number][]>): string {
  const out: string[] = [];
  // Nodes are written depth first over the sorted terms: the terms below a node are a contiguous run.
  const node = (prefix: string, from: number, to: number) => {
    let i = from;
    const own = terms[i] === prefix ? postings.get(terms[i++]!) : undefined;
    out.push('{"docs":{');
    if (own) out.push(own.map(([ref, count]) => `"${ref}":{"tf":${JSON.stringify(Math.sqrt(count))}}`).join(','));
    out.push(`},"df":${own?.length ?? 0}`);
    const depth = prefix.length;
    while (i < to) {
      // The run of terms that share the next character (a code unit, as elasticlunr walks strings).
      const c = terms[i]![depth]!;
      let j = i + 1;
      while (j < to && terms[j]![depth] === c) j++;
      out.push(`,${JSON.stringify(c)}:`);
      node(prefix + c, i, j);
      i = j;
    }
    out.push('}');
  };
  node('', 0, terms.length);
  return out.join('');
}

export function writeStockIndex(fields: Record<string, FieldPostings>, documents: number, pipeline: string[]): string {
  const names = Object.keys(fields);
  const docInfo: string[] = [];
  const docs: string[] = [];
  for (let n = 0; n < documents; n++) {
    docs.push(`"${n}":null`);
    docInfo.push(`"${n}":{${names.map((f) => `${JSON.stringify(f)}:${fields[f]!.lengths[n] ?? 0}`).join(',')}}`);
  }
  const index = names.map((f) => {
    const terms = [...fields[f]!.terms.keys()].sort();
    return `${JSON.stringify(f)}:{"root":${trieJson(terms, fields[f]!.terms)}}`;
  });
  return (
    `{"version":"${ELASTICLUNR_VERSION}","fields":${JSON.stringify(names)},"ref":"id",` +
    `"documentStore":{"docs":{${docs.join(',')}},"docInfo":{${docInfo.join(',')}},"length":${documents},"save":false},` +
    `"index":{${index.join(',')}},"pipeline":${JSON.stringify(pipeline)}}`
  );
}
