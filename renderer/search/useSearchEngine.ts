import { useState } from 'react';
import type { SearchShardRef } from '@vitrina-docs/schemas';
import { loadSearchEngine } from './load-engine.ts';
import type { SearchEngine } from '@vitrina-docs/search';

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The engine of a locale's search, loaded on `start()`; null until it is ready. */
export function useSearchEngine(ref: SearchShardRef | null): { status: SearchStatus; engine: SearchEngine | null; start(): void } {
  const [state, setState] = useState<{ key: string | null; status: SearchStatus; engine: SearchEngine | null }>({
    key: null,
    status: 'idle',
    engine: null,
  });
  const current = ref && state.key === ref.entry ? state : { status: 'idle' as SearchStatus, engine: null };
  const start = () => {
    if (!ref || current.status === 'loading' || current.status === 'ready') return;
    setState({ key: ref.entry, status: 'loading', engine: null });
    loadSearchEngine(ref).then(
      (engine) => setState({ key: ref.entry, status: 'ready', engine }),
      () => setState({ key: ref.entry, status: 'failed', engine: null }),
    );
  };
  return { status: ref ? current.status : 'failed', engine: current.engine, start };
}
