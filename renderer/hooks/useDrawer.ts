/** The phone menu (a drawer): closes on navigation and on Escape, gives the focus back to its button. */
import { useEffect, useRef, useState } from 'react';

export function useDrawer(navigationId: number) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  useEffect(() => setOpen(false), [navigationId]);
  useEffect(() => {
    document.documentElement.classList.toggle('drawer-open', open);
    if (!open) return;
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
    };
  }, [open]);
  return { open, setOpen, button, drawer };
}
