/**
 * Prefetch of page JSON: on hover or focus of an internal link, and when a link marked
 * `data-prefetch="visible"` scrolls into view. Skipped when the user asked to save data or
 * the connection is 2g/slow-2g.
 */
import { useEffect, type RefObject } from 'react';
import { isRouteHref } from '../components/Link.tsx';
import type { LinkHandler } from '../router/link-context.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !connection || (!connection.saveData && connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g');
}

/** Watches the visible-prefetch links under `root`; `key` changes when the content does. */
export function usePrefetchVisible(root: RefObject<HTMLElement | null>, handler: LinkHandler | null, key: unknown): void {
  useEffect(() => {
    const element = root.current;
    if (!element || !handler || typeof IntersectionObserver === 'undefined' || !prefetchAllowed()) return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const href = entry.target.getAttribute('href');
        if (href && isRouteHref(href)) (window.requestIdleCallback ?? setTimeout)(() => handler.prefetch(href, 'visible'));
      }
    });
    for (const link of element.querySelectorAll('a[data-prefetch="visible"]')) observer.observe(link);
    return () => observer.disconnect();
  }, [root, handler, key]);
}
