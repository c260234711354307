/**
 * The site's search engine: a locale's compact shard decoded into an elasticlunr index,
 * queried with the shared pipeline (stemming, stop words, prefix on the last word, keyboard
 * layout). A section's heading and text are fetched when its hit is drawn (the shard holds only
 * what ranking needs, so that the first search stays small).
 */
import type { CompactShard, LocaleCode, SearchDoc, SearchSectionText, SearchShardRef, SidebarId } from '@vitrina-docs/schemas';
import type { LoadSearchEngine, SearchEngine, SearchHit } from './search-api.ts';
import { FlatPostings } from './flat-postings.ts';
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

export function createEngine(
  shard: CompactShard,
  fetchText: (url: string) => Promise<SearchSectionText>,
  index = decodeShard(shard),
): SearchEngine {
  const locale = shard.locale;
  const docs = new Map<string, SearchDoc>();
  shard.sections.forEach((s, i) => {
    const [route, title, breadcrumbs, sidebar] = shard.pages[Number(s[0])]!;
    const id = String(i);
    docs.set(id, { id, url: route, route, anchor: null, title, heading: '', breadcrumbs, sidebar: sidebar as SidebarId | null, text: '' });
  });
  const loading = new Map<string, Promise<void>>();
  const loadSection = (id: string): Promise<void> => {
    let p = loading.get(id);
    if (!p) {
      p = fetchText(`${shard.textBase}${id}.json`).then((t) => {
        const d = docs.get(id);
        if (!d) return;
        d.anchor = t.anchor || null;
        d.url = t.anchor ? `${d.route}#${t.anchor}` : d.route;
        d.heading = t.heading;
        d.text = t.text;
      });
      p.catch(() => loading.delete(id));
      loading.set(id, p);
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
      const ids = [...new Set(hits.map((h) => h.doc.id))].filter((id) => docs.has(id));
      const missing = ids.filter((id) => !loading.has(id));
      await Promise.all(ids.map(loadSection));
      return missing.length > 0;
    },
  };
}

/**
 * Decodes the postings that queries have not needed yet in the browser's idle moments, a few
 * milliseconds at a time: the first search does not wait for them, later keystrokes find them ready.
 */
function warmInIdleTime(index: ReturnType<typeof decodeShard>): void {
  const fields = Object.values(index.index as unknown as Record<string, unknown>).filter((f) => f instanceof FlatPostings);
  const idle: (step: (deadline: IdleDeadline) => void) => void =
    typeof requestIdleCallback === 'function'
      ? (step) => requestIdleCallback(step, { timeout: 500 })
      : (step) => setTimeout(() => step({ didTimeout: true, timeRemaining: () => 8 }), 1);
  const step = (deadline: IdleDeadline) => {
    const end = performance.now() + Math.max(2, Math.min(deadline.timeRemaining(), 8));
    if (!fields.every((f) => f.warm(() => performance.now() < end))) idle(step);
  };
  idle(step);
}

/** Loads a locale's shard with `fetchJson` (the caller's fetch, e.g. one that recognises a redeploy). */
export function engineLoader(fetchJson: <T>(url: string) => Promise<T>): LoadSearchEngine {
  return async (ref: SearchShardRef) => {
    const shard = await fetchJson<CompactShard>(ref.shard);
    const index = decodeShard(shard);
    warmInIdleTime(index);
    return createEngine(shard, (url) => fetchJson<SearchSectionText>(url), index);
  };
}
