/**
 * The engine is fetched only when the user starts searching (focus on the search box or the
 * search page): its code is a separate chunk, its shard is fetched on first use.
 */
import type { SearchShardRef } from '@vitrina-docs/schemas';
import type { SearchEngine } from '@vitrina-docs/search';
import { fetchJson } from '../router/fetch-json.ts';

const engines = new Map<string, Promise<SearchEngine>>();

export function loadSearchEngine(shard: SearchShardRef): Promise<SearchEngine> {
  let engine = engines.get(shard.shard);
  if (!engine) {
    engine = import('@vitrina-docs/search').then((m) => m.engineLoader(fetchJson)(shard));
    engine.catch(() => engines.delete(shard.shard));
    engines.set(shard.shard, engine);
  }
  return engine;
}
