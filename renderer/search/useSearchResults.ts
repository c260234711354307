import { useEffect, useRef, useState } from 'react';
import type { SearchEngine, SearchOptions, SearchPage } from '@vitrina-docs/search';
import { prefetchAllowed } from '../hooks/usePrefetch.ts';

/**
 * Section files fetched ahead per keystroke while a word is typed letter by letter, for the less
 * likely next letters (the likeliest one's hits are fetched whole).
 */
const AHEAD_FILES = 3;

export interface SearchResults {
  /** The hits to draw: this query's, or the previous query's while this one's files load. */
  page: SearchPage | null;
  /** `page` answers the query as it is now. */
  current: boolean;
  /** A file this query needs could not be fetched. */
  failed: boolean;
}

/**
 * The first `count` hits of a query. When everything they need is loaded they are there on the
 * keystroke's render; otherwise the files are fetched and the previous hits stay until they arrive.
 * While a word is typed letter by letter, once a keystroke's hits are drawn the files the next
 * letter is likely to need are fetched in idle time (see SearchEngine.ahead), so that it draws at once;
 * not when the reader asked to save data or the connection is 2g (as page prefetch).
 */
export function useSearchResults(engine: SearchEngine | null, query: string, options: SearchOptions, count: number): SearchResults {
  const q = query.trim();
  const key = `${options.sidebar ?? ''}\u0000${options.version ?? ''}\u0000${options.within?.join(',') ?? ''}\u0000${count}\u0000${q}`;
  const now = engine && q ? engine.peek(q, options, count) : null;
  const [loaded, setLoaded] = useState<{ key: string; page: SearchPage } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const ready = now !== null;
  useEffect(() => {
    if (!engine || !q || ready) return;
    let live = true;
    engine.load(q, options, count).then(
      (page) => live && setLoaded({ key, page }),
      () => live && setFailed(key),
    );
    return () => {
      live = false;
    };
  }, [engine, key, ready]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = ready || loaded?.key === key;
  // Typing on: the query grew by one letter (not pasted, not edited).
  const typed = useRef({ q: '', typing: false });
  if (typed.current.q !== q) typed.current = { q, typing: q.length === typed.current.q.length + 1 && q.startsWith(typed.current.q) };
  const typing = typed.current.typing;
  useEffect(() => {
    if (!engine || !current || !q || !typing || !prefetchAllowed()) return;
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0));
    const cancel = globalThis.cancelIdleCallback ?? clearTimeout;
    const handle = idle(() => void engine.ahead(query, options, count, AHEAD_FILES).catch(() => {}));
    return () => cancel(handle as number);
  }, [engine, key, current, typing]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!q) return { page: null, current: true, failed: false };
  return { page: now ?? loaded?.page ?? null, current, failed: failed === key };
}
