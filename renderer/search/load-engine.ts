/**
 * The engine is fetched only when the user starts searching (focus on the search box or the
 * search page): its code is a separate chunk, its shard is fetched on first use.
 */
import type { SearchShardRef } from '../../schemas/search.ts';
import type { SearchEngine } from './search-api.ts';

const engines = new Map<string, Promise<SearchEngine>>();

export function loadSearchEngine(shard: SearchShardRef): Promise<SearchEngine> {
  let engine = engines.get(shard.index);
  if (!engine) {
    engine = import('./provisional-engine.ts').then((m) => m.loadEngine(shard));
    engine.catch(() => engines.delete(shard.index));
    engines.set(shard.index, engine);
  }
  return engine;
}
