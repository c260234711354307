/**
 * The console's styles come with it, not with every page: a stylesheet of its own, linked when
 * the console first opens (the site's CSP allows stylesheets from its own origin). The console
 * stays hidden until the sheet has loaded, so that it never shows unstyled.
 */
import { useEffect, useState } from 'react';
import href from './console.css?url';

let loaded: Promise<void> | null = null;

function linkStylesheet(): Promise<void> {
  loaded ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // (A sheet that fails to load leaves the console plain, but usable.)
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return loaded;
}

export function useConsoleStylesheet(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void linkStylesheet().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
