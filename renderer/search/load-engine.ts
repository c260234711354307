/**
 * The engine is fetched only when the user starts searching (focus on the search box or the
 * search page): its code is a separate chunk, its entry is fetched on first use, and the rest
 * of the index as queries need it.
 */
import type { SearchShardRef } from '@vitrina-docs/schemas';
import type { SearchEngine } from '@vitrina-docs/search';
import { fetchJson } from '../router/fetch-json.ts';

const engines = new Map<string, Promise<SearchEngine>>();

export function loadSearchEngine(ref: SearchShardRef): Promise<SearchEngine> {
  let engine = engines.get(ref.entry);
  if (!engine) {
    engine = import('@vitrina-docs/search').then((m) => m.loadEngine(ref.entry, (url) => fetchJson<unknown>(url)));
    engine.catch(() => engines.delete(ref.entry));
    engines.set(ref.entry, engine);
  }
  return engine;
}
