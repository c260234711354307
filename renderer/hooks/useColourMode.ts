/**
 * Colour mode: light, dark, or the system's (the default; light when the system says nothing).
 * The choice is kept in localStorage; the inline script in <head> applies it before the first
 * paint, this hook keeps it applied afterwards.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { COLOUR_MODE_KEY } from '../document/colour-mode-script.ts';

export type ColourMode = 'light' | 'dark' | 'system';

const listeners = new Set<() => void>();
const DARK = '(prefers-color-scheme: dark)';

function read(): ColourMode {
  try {
    const stored = localStorage.getItem(COLOUR_MODE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function applyColourMode(mode: ColourMode): void {
  const dark = mode === 'dark' || (mode === 'system' && matchMedia(DARK).matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = matchMedia(DARK);
  const onChange = () => {
    applyColourMode(read());
    listener();
  };
  media.addEventListener('change', onChange);
  addEventListener('storage', onChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onChange);
    removeEventListener('storage', onChange);
  };
}

export function useColourMode(): [ColourMode, (mode: ColourMode) => void] {
  const mode = useSyncExternalStore(subscribe, read, () => 'system' as const);
  const setMode = useCallback((next: ColourMode) => {
    try {
      if (next === 'system') localStorage.removeItem(COLOUR_MODE_KEY);
      else localStorage.setItem(COLOUR_MODE_KEY, next);
    } catch {
      /* not remembered, still applied */
    }
    applyColourMode(next);
    for (const l of listeners) l();
  }, []);
  return [mode, setMode];
}
