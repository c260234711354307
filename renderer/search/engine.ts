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

/** A hit whose snippet is made when it is first read: only the hits drawn pay for one. */
function lazySnippet(doc: SearchDoc, score: number, query: string, locale: LocaleCode): SearchHit {
  let made: Pick<SearchHit, 'snippet' | 'highlights'> | null = null;
  let madeFor = '';
  const get = () => {
    if (!made || madeFor !== doc.text) {
      made = toSnippet(doc.text, query, locale);
      madeFor = doc.text;
    }
    return made;
  };
  return {
    doc,
    score,
    get snippet() {
      return get().snippet;
    },
    get highlights() {
      return get().highlights;
    },
  };
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
  // Several renders of one keystroke ask the same question: answers are kept for recent queries.
  const recent = new Map<string, SearchHit[]>();
  return {
    search(query, options = {}) {
      const key = `${options.sidebar ?? ''}\u0000${query}`;
      // A kept answer stays right when texts arrive later: its snippets are made on reading.
      const known = recent.get(key);
      if (known) return known;
      const hits = searchShard(index as never, docs, query, locale, { sidebar: options.sidebar ?? null }).map(({ doc, score }) =>
        lazySnippet(doc, score, query, locale),
      );
      recent.set(key, hits);
      if (recent.size > 32) recent.delete(recent.keys().next().value!);
      return hits;
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
