/**
 * One page view per route change (a path change; hash changes and query edits are not page
 * views). The provider's code is a separate chunk, fetched only when a provider is configured.
 */
import { useEffect, useRef } from 'react';
import type { Analytics } from '@vitrina-docs/schemas';
import { loadTracker } from '../analytics/load-tracker.ts';

/** `path` null: no page is shown yet (nothing to count). */
export function useAnalytics(config: Analytics, path: string | null, title: string): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (config.provider === 'none' || path === null) return;
    const url = location.origin + path + location.search;
    const view = { url, title, referrer: previous.current ?? document.referrer };
    previous.current = url;
    void loadTracker(config).then((tracker) => tracker?.pageView(view));
    // Only the path decides: the title follows it, the config does not change while the page lives.
  }, [path]); // eslint-disable-line react-hooks/exhaustive-deps
}
