/**
 * The site's search engine: a locale's compact shard decoded into an elasticlunr index,
 * queried with the shared pipeline (stemming, stop words, prefix on the last word, keyboard
 * layout). Section headings and texts are fetched per page when a hit is drawn (the shard holds
 * only what ranking needs, so that the first search stays small).
 */
import type { CompactShard, LocaleCode, SearchDoc, SearchPageText, SearchShardRef, SidebarId } from '../../schemas/index.ts';
import { fetchJson } from '../router/fetch-json.ts';
import type { LoadSearchEngine, SearchEngine, SearchHit } from './search-api.ts';
import { decodeShard } from './shard-codec.ts';
import { searchShard } from './query.ts';
import { snippet } from './snippet.ts';

/** Snippet parts → the string and mark ranges the UI draws. */
function toSnippet(text: string, query: string, locale: LocaleCode): Pick<SearchHit, 'snippet' | 'highlights'> {
  if (!text) return { snippet: '', highlights: [] };
  let out = '';
  const highlights: [number, number][] = [];
  for (const part of snippet(text, query, locale)) {
    if (part.match) highlights.push([out.length, out.length + part.text.length]);
    out += part.text;
  }
  return { snippet: out, highlights };
}

export function createEngine(shard: CompactShard, fetchText: (url: string) => Promise<SearchPageText>): SearchEngine {
  const index = decodeShard(shard);
  const locale = shard.locale;
  const docs = new Map<string, SearchDoc>();
  const pageOf = new Map<string, number>();
  const sectionsOfPage = new Map<number, string[]>();
  shard.sections.forEach((s, i) => {
    const pageIndex = Number(s[0]);
    const [route, title, breadcrumbs, sidebar] = shard.pages[pageIndex]!;
    const id = String(i);
    docs.set(id, { id, url: route, route, anchor: null, title, heading: '', breadcrumbs, sidebar: sidebar as SidebarId | null, text: '' });
    pageOf.set(id, pageIndex);
    sectionsOfPage.set(pageIndex, [...(sectionsOfPage.get(pageIndex) ?? []), id]);
  });
  const loading = new Map<number, Promise<void>>();
  const loadPage = (page: number): Promise<void> => {
    let p = loading.get(page);
    if (!p) {
      p = fetchText(`${shard.textBase}${page}.json`).then((t) => {
        (sectionsOfPage.get(page) ?? []).forEach((id, k) => {
          const d = docs.get(id);
          if (!d) return;
          const anchor = t.anchors[k] ?? '';
          d.anchor = anchor || null;
          d.url = anchor ? `${d.route}#${anchor}` : d.route;
          d.heading = t.headings[k] ?? '';
          d.text = t.texts[k] ?? '';
        });
      });
      p.catch(() => loading.delete(page));
      loading.set(page, p);
    }
    return p;
  };
  return {
    search(query, options = {}) {
      return searchShard(index as never, docs, query, locale, { sidebar: options.sidebar ?? null }).map(({ doc, score }) => ({
        doc,
        score,
        ...toSnippet(doc.text, query, locale),
      }));
    },
    async ensureText(hits) {
      const pages = [...new Set(hits.map((h) => pageOf.get(h.doc.id)).filter((p): p is number => p !== undefined))];
      const missing = pages.filter((p) => !loading.has(p));
      await Promise.all(pages.map(loadPage));
      return missing.length > 0;
    },
  };
}

export const loadEngine: LoadSearchEngine = async (ref: SearchShardRef) => {
  const shard = await fetchJson<CompactShard>(ref.shard);
  return createEngine(shard, (url) => fetchJson<SearchPageText>(url));
};
