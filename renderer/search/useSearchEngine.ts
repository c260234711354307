import { useState } from 'react';
import type { SearchShardRef } from '@vitrina-docs/schemas';
import { loadSearchEngine } from './load-engine.ts';
import type { SearchEngine } from '@vitrina-docs/search';

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The engine of a locale's shard, loaded on `start()`; null until it is ready. */
export function useSearchEngine(shard: SearchShardRef | null): { status: SearchStatus; engine: SearchEngine | null; start(): void } {
  const [state, setState] = useState<{ key: string | null; status: SearchStatus; engine: SearchEngine | null }>({
    key: null,
    status: 'idle',
    engine: null,
  });
  const current = shard && state.key === shard.index ? state : { status: 'idle' as SearchStatus, engine: null };
  const start = () => {
    if (!shard || current.status === 'loading' || current.status === 'ready') return;
    setState({ key: shard.index, status: 'loading', engine: null });
    loadSearchEngine(shard).then(
      (engine) => setState({ key: shard.index, status: 'ready', engine }),
      () => setState({ key: shard.index, status: 'failed', engine: null }),
    );
  };
  return { status: shard ? current.status : 'failed', engine: current.engine, start };
}
