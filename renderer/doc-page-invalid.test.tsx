/**
 * DocPage on page JSON of the wrong shape (it comes from another origin at run time): the
 * embedding app's tree stays, with a notice in the page's place and the reason in the console.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { PageData } from '@vitrina-docs/schemas';
import { readBuiltSite } from '../tests/helpers/built-site.ts';
import { DocPage } from './index.ts';

function realPage() {
  const dist = inject('realDist');
  const { manifest, routes } = readBuiltSite(dist);
  const route = routes.find((r) => r.kind === 'doc' && r.locale === 'en');
  if (!route || route.kind !== 'doc') throw new Error('no doc page in the built site');
  return { page: JSON.parse(readFileSync(join(dist, route.data), 'utf8')) as PageData, ui: manifest.locales.en!.ui };
}

/** The host app around the page, as an embedding app draws it. */
function Host({ page, ui }: { page: unknown; ui: ReturnType<typeof realPage>['ui'] }) {
  return (
    <main id="host-app">
      <h1>Host app</h1>
      <DocPage page={page as PageData} ui={ui} />
      <footer>host footer</footer>
    </main>
  );
}

describe('DocPage on invalid page JSON', () => {
  afterEach(() => vi.restoreAllMocks());
  const { page, ui } = realPage();
  const broken: [string, unknown, RegExp][] = [
    ['body: null', { ...page, body: null }, /"body" is null/],
    ['toc: null', { ...page, toc: null }, /"toc" is null/],
    ['a toc entry null', { ...page, toc: [null] }, /"toc\[0\]"/],
    ['no title', { ...page, title: undefined }, /"title" is undefined/],
    ['body without children', { ...page, body: { type: 'root' } }, /"body" is object/],
    ['an empty object', {}, /"title" is undefined/],
    ['null', null, /the page is null/],
  ];

  for (const [name, json, reason] of broken)
    it(`${name}: the host keeps its tree, the page's place has a notice, the console says why`, () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const html = renderToString(<Host page={json} ui={ui} />);
      expect(html).toContain('<h1>Host app</h1>');
      expect(html).toContain('<footer>host footer</footer>');
      const notice = renderToString(<p>{ui.loadError.title}</p>);
      expect(html).toContain(`<div class="vd-root vd-doc-page vd-doc-page-error" role="alert">${notice}</div>`);
      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0]![0])).toMatch(/^vitrina-docs DocPage: the page .*is not drawn: /);
      expect(String(error.mock.calls[0]![0])).toMatch(reason);
    });

  it('a page of the right shape whose drawing throws (`operation: {}`): the host keeps its tree on the server too', () => {
    // The notice is drawn in the page's place, and the browser draws the page again (where the
    // error boundary logs the reason: tests/e2e/embed.spec.ts).
    const html = renderToString(<Host page={{ ...page, operation: {} }} ui={ui} />);
    expect(html).toContain('<h1>Host app</h1>');
    expect(html).toContain('<footer>host footer</footer>');
    expect(html).toContain('vd-doc-page-error');
  });

  it('a valid page is drawn as before, with nothing in the console', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(<Host page={page} ui={ui} />);
    expect(html).toContain(renderToString(<h1 className="doc-title">{page.title}</h1>));
    expect(html).not.toContain('vd-doc-page-error');
    expect(error).not.toHaveBeenCalled();
  });
});
