/**
 * Keeps the scroll position in the current history entry, for a reload (and back/forward after
 * one): written a moment after scrolling stops, into the entry that was scrolled, never into
 * the one the reader went back or forward to in the meantime.
 */
import { useEffect } from 'react';
import { entryKey } from '../router/router.ts';

export function useScrollRestoration(): void {
  useEffect(() => {
    let timer = 0;
    const save = () => {
      clearTimeout(timer);
      const key = entryKey();
      const y = scrollY;
      timer = window.setTimeout(() => {
        if (entryKey() === key) history.replaceState({ ...(history.state as object | null), scroll: y }, '');
      }, 120);
    };
    addEventListener('scroll', save, { passive: true });
    return () => {
      clearTimeout(timer);
      removeEventListener('scroll', save);
    };
  }, []);
}
