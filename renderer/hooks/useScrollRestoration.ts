/** Keeps the scroll position in the current history entry, for back/forward and reload. */
import { useEffect } from 'react';

export function useScrollRestoration(): void {
  useEffect(() => {
    let timer = 0;
    const save = () => {
      clearTimeout(timer);
      timer = window.setTimeout(() => history.replaceState({ ...(history.state as object | null), scroll: scrollY }, ''), 120);
    };
    addEventListener('scroll', save, { passive: true });
    return () => {
      clearTimeout(timer);
      removeEventListener('scroll', save);
    };
  }, []);
}
