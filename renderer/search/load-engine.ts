/**
 * The engine is fetched only when the user starts searching (focus on the search box or the
 * search page): its code is a separate chunk, its shard is fetched on first use.
 */
import type { SearchShardRef } from '../../schemas/search.ts';
import type { SearchEngine } from './search-api.ts';

const engines = new Map<string, Promise<SearchEngine>>();

export function loadSearchEngine(shard: SearchShardRef): Promise<SearchEngine> {
  let engine = engines.get(shard.shard);
  if (!engine) {
    engine = import('./engine.ts').then((m) => m.loadEngine(shard));
    engine.catch(() => engines.delete(shard.shard));
    engines.set(shard.shard, engine);
  }
  return engine;
}
