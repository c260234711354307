/**
 * The first page's content (body and API reference tables) and endpoint line as they were
 * prerendered: hydration keeps their markup and draws nothing in it, so the code that draws
 * them from the page JSON (the `body` and `api` chunks) loads only on client navigation. Links
 * in them are plain links, handled by the site's link handling like any other; their one
 * control, a copy button (of a code block, of the endpoint's URL), is handled here by delegation.
 */
import type { PageData } from '@vitrina-docs/schemas';
import { useUi } from './ui-context.ts';

/** How long a copy button shows that it has copied (as CopyButton). */
const COPIED_MS = 2000;

/** The prerendered markup of the first page: its content, and its endpoint line ('' when it has none). */
export interface PrerenderedMarkup {
  content: string;
  endpoint: string;
}

let kept: { page: PageData; markup: PrerenderedMarkup } | null | undefined;

/**
 * The prerendered markup of `page`, or null when it must be drawn: kept for the page the
 * document was prerendered with, read once, before hydration (when the drawing code is not
 * loaded yet); `drawable` says whether that code is loaded.
 */
export function prerenderedMarkup(page: PageData, drawable: boolean): PrerenderedMarkup | null {
  if (kept === undefined) {
    const content = drawable || typeof document === 'undefined' ? null : document.querySelector('article.doc .doc-body');
    const endpoint = content && document.querySelector('article.doc .endpoint');
    kept = content ? { page, markup: { content: content.innerHTML, endpoint: endpoint?.innerHTML ?? '' } } : null;
  }
  return kept?.page === page ? kept.markup : null;
}

const timers = new WeakMap<Element, number>();

/** Copies what a copy button under `target` copies, and says so as CopyButton does. */
function copy(target: EventTarget, text: (button: Element) => string | null, copied: string): void {
  const button = (target as Element).closest?.('.copy-button');
  const value = button && text(button);
  if (!button || value == null) return;
  navigator.clipboard.writeText(value).then(
    () => {
      const icon = button.querySelector('.icon');
      const live = button.querySelector('[aria-live]');
      icon?.classList.replace('icon-copy', 'icon-check');
      if (live) live.textContent = copied;
      clearTimeout(timers.get(button));
      timers.set(
        button,
        window.setTimeout(() => {
          icon?.classList.replace('icon-check', 'icon-copy');
          if (live) live.textContent = '';
        }, COPIED_MS),
      );
    },
    () => {},
  );
}

/** The code of the block whose copy button this is. */
const codeOf = (button: Element) =>
  button.matches('.code-copy') ? (button.closest('figure')?.querySelector('pre')?.textContent ?? null) : null;

export function PrerenderedContent({ html }: { html: string }) {
  const ui = useUi();
  return (
    <div className="doc-body" dangerouslySetInnerHTML={{ __html: html }} onClick={(event) => copy(event.target, codeOf, ui.code.copied)} />
  );
}

/** The endpoint line of an API method page (EndpointLine's markup), whose button copies the method's URL. */
export function PrerenderedEndpoint({ html, url }: { html: string; url: string }) {
  const ui = useUi();
  return (
    <div
      className="endpoint"
      role="group"
      aria-label={ui.api.endpoint}
      dangerouslySetInnerHTML={{ __html: html }}
      onClick={(event) => copy(event.target, () => url, ui.code.copied)}
    />
  );
}
