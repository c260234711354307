/**
 * The phone menu (a drawer): opens under the navbar wherever that is (the announcement bar above
 * it pushes it down at the top of the page), closes on navigation and on Escape, gives the focus
 * back to its button.
 */
import { useEffect, useRef, useState } from 'react';

export function useDrawer(navigationId: number) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  useEffect(() => setOpen(false), [navigationId]);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('drawer-open', open);
    if (!open) return;
    // The drawer and its backdrop start at the navbar's lower edge (site.css, --vd-drawer-top);
    // the page does not scroll while the drawer is open, so that edge stays put.
    const place = () => {
      const navbar = button.current?.closest('.navbar');
      if (navbar) root.style.setProperty('--vd-drawer-top', `${Math.max(0, Math.round(navbar.getBoundingClientRect().bottom))}px`);
    };
    place();
    addEventListener('resize', place);
    // After the frame that makes the drawer visible: a hidden element cannot take the focus.
    const frame = requestAnimationFrame(() =>
      drawer.current?.querySelector<HTMLElement>('a, button, select')?.focus({ preventScroll: true }),
    );
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('keydown', onKey);
      removeEventListener('resize', place);
    };
  }, [open]);
  return { open, setOpen, button, drawer };
}
