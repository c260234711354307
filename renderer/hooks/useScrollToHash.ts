/**
 * Where the window goes after a navigation: to the element named by the hash, to the saved
 * position on back/forward (and reload), or to the top.
 */
import { useLayoutEffect } from 'react';
import type { RouterState } from '../router/router.ts';

export function scrollToId(id: string): boolean {
  const element = id ? document.getElementById(id) : null;
  if (!element) return false;
  element.scrollIntoView();
  // A target that takes focus (the skip link's <main tabindex="-1">) gets it, as without the router.
  if (element.hasAttribute('tabindex')) element.focus({ preventScroll: true });
  return true;
}

export function useScrollToHash(state: Pick<RouterState, 'navigation' | 'location'>): void {
  const { navigation, location } = state;
  useLayoutEffect(() => {
    if (navigation.id === 0) return; // the hydration render: the browser has already placed the page
    if (navigation.type === 'refresh') return; // the same page drawn again: stay where the reader is
    if ((navigation.type === 'pop' || navigation.type === 'initial') && navigation.scroll !== null) {
      scrollTo(0, navigation.scroll);
      return;
    }
    if (scrollToId(location.hash)) return;
    if (navigation.type !== 'initial') scrollTo(0, 0);
    // `navigation` identifies one navigation: the location alone would miss a repeated click.
  }, [navigation]); // eslint-disable-line react-hooks/exhaustive-deps
}
