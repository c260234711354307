import { useEffect, useState } from 'react';
import type { SearchEngine, SearchHit } from '@vitrina-docs/search';

/**
 * Fetches the section texts the shown hits need for their snippets (the shard holds none) and
 * re-renders when they arrive. Titles and headings are drawn at once; snippets follow.
 */
export function useSnippetTexts(engine: SearchEngine | null, hits: readonly SearchHit[]): void {
  const [, setVersion] = useState(0);
  const key = hits.map((h) => h.doc.id).join(',');
  useEffect(() => {
    if (!engine || !key) return;
    let live = true;
    const missing = hits.filter((h) => !h.doc.text);
    if (!missing.length) return;
    engine.ensureText(missing).then(
      (arrived) => {
        if (live && arrived) setVersion((v) => v + 1);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [engine, key]); // eslint-disable-line react-hooks/exhaustive-deps
}
