/**
 * PROVISIONAL: a plain substring engine over a shard's section documents, so that the search
 * UI works before the elasticlunr module of issue 4 exists. No stemming, no layout fix;
 * `ё` is folded, the last word is a prefix. Replace by the lead's module in load-engine.ts.
 */
import type { SearchDocsFile, SearchShardRef } from '../../schemas/search.ts';
import { fetchJson } from '../router/fetch-json.ts';
import type { LoadSearchEngine, SearchHit } from './search-api.ts';

const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е');
const WORD = /[\p{L}\p{N}_]+/gu;

export function snippetAround(text: string, terms: string[], size = 180): Pick<SearchHit, 'snippet' | 'highlights'> {
  const folded = fold(text);
  let first = -1;
  for (const t of terms) {
    const i = folded.indexOf(t);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  const start = first < 0 ? 0 : Math.max(0, text.lastIndexOf(' ', Math.max(0, first - 40)) + 1);
  let snippet = text.slice(start, start + size);
  if (start + size < text.length) snippet = `${snippet.replace(/\s+\S*$/, '')} …`;
  if (start > 0) snippet = `… ${snippet}`;
  const highlights: [number, number][] = [];
  const f = fold(snippet);
  for (const m of f.matchAll(WORD)) {
    if (terms.some((t) => m[0].startsWith(t))) highlights.push([m.index, m.index + m[0].length]);
  }
  return { snippet, highlights };
}

export const loadEngine: LoadSearchEngine = async (shard: SearchShardRef) => {
  const file = await fetchJson<SearchDocsFile>(shard.docs);
  const docs = file.docs.map((doc) => ({ doc, title: fold(doc.title), heading: fold(doc.heading), text: fold(`${doc.text} ${doc.breadcrumbs}`) }));
  return {
    search(query, options = {}) {
      const terms = [...fold(query).matchAll(WORD)].map((m) => m[0]);
      if (!terms.length) return [];
      const hits: SearchHit[] = [];
      for (const d of docs) {
        if (options.sidebar && d.doc.sidebar !== options.sidebar) continue;
        let score = 0;
        let all = true;
        for (const t of terms) {
          const s = (d.title.includes(t) ? 5 : 0) + (d.heading.includes(t) ? 3 : 0) + (d.text.includes(t) ? 1 : 0);
          if (!s) all = false;
          score += s;
        }
        if (!all) continue;
        hits.push({ doc: d.doc, score, ...snippetAround(d.doc.text, terms) });
      }
      return hits.sort((a, b) => b.score - a.score);
    },
  };
};
