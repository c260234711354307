import { useEffect, useState } from 'react';
import type { SearchEngine, SearchOptions, SearchPage } from '@vitrina-docs/search';

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
  if (!q) return { page: null, current: true, failed: false };
  return { page: now ?? loaded?.page ?? null, current: ready || loaded?.key === key, failed: failed === key };
}
