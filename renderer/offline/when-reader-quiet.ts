/**
 * Runs `run` once the reader has neither typed nor tapped for `ms`, in the browser's idle time:
 * what the service worker fetches to keep the site offline (megabytes on a large site) then does
 * not compete with a search or a page the reader asked for right after the page loaded.
 */
export function whenReaderQuiet(run: () => void, ms: number): void {
  // (`input` as well: text typed through an input method or pasted comes without a keydown.)
  const inputs = ['keydown', 'input', 'pointerdown'] as const;
  let timer = 0;
  const fire = () => {
    for (const type of inputs) removeEventListener(type, arm, true);
    // Safari has no requestIdleCallback.
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 10_000 });
    else run();
  };
  function arm() {
    clearTimeout(timer);
    timer = window.setTimeout(fire, ms);
  }
  for (const type of inputs) addEventListener(type, arm, { capture: true, passive: true });
  arm();
}
