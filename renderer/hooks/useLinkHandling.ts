/**
 * Client navigation for every internal link under one element, by event delegation: a click
 * on a site route goes through the router instead of loading a page; hovering or focusing
 * one prefetches its page JSON.
 */
import type { MouseEvent, FocusEvent } from 'react';
import { isRouteHref } from '../components/Link.tsx';
import type { LinkHandler } from '../router/link-context.ts';
import { prefetchAllowed } from './usePrefetch.ts';

function routeLink(target: EventTarget): { a: HTMLAnchorElement; href: string } | null {
  const a = (target as Element).closest?.('a');
  const href = a?.getAttribute('href');
  if (!a || !href || a.target || a.hasAttribute('download') || !isRouteHref(href)) return null;
  return { a, href };
}

export function useLinkHandling(handler: LinkHandler | null) {
  if (!handler) return {};
  const prefetch = (event: MouseEvent | FocusEvent) => {
    const link = routeLink(event.target);
    if (link && !link.href.startsWith('#') && !link.a.dataset.prefetched && prefetchAllowed()) {
      link.a.dataset.prefetched = '';
      handler.prefetch(link.href);
    }
  };
  return {
    onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = routeLink(event.target);
      if (!link || (handler.anchorsNative && link.href.startsWith('#'))) return;
      event.preventDefault();
      handler.navigate(link.href);
    },
    onMouseOver: prefetch,
    onFocus: prefetch,
  };
}
