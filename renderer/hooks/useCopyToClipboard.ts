import { useCallback, useEffect, useRef, useState } from 'react';

/** Copies text; `copied` stays true for two seconds so the button can say so. */
export function useCopyToClipboard(): [boolean, (text: string | (() => Promise<string>)) => Promise<void>] {
  const [copied, setCopied] = useState(false);
  const timer = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string | (() => Promise<string>)) => {
    const value = typeof text === 'string' ? text : await text();
    await navigator.clipboard.writeText(value);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), 2000);
  }, []);
  return [copied, copy];
}
