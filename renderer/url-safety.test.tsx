/**
 * One URL check for every attribute that holds a URL: page bodies, a page's own fields (the API
 * description's URL, the edit link) and the manifest's; protocol-relative links are external.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, inject, it } from 'vitest';
import type { HastRoot, PageData } from '@vitrina-docs/schemas';
import { readBuiltSite } from '../tests/helpers/built-site.ts';
import { DocPage, PageBody } from './index.ts';
import { isRouteHref } from './components/Link.tsx';
import { safeUrl, sanitizeHast } from './hast/sanitize.ts';

const UNSAFE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '\\\\evil.example/x',
];

describe('safeUrl', () => {
  it('returns the URL as a browser reads it, or null', () => {
    expect(safeUrl('/docs/mobile#steps')).toBe('/docs/mobile#steps');
    expect(safeUrl('https://vitrina.example/a?b=1')).toBe('https://vitrina.example/a?b=1');
    expect(safeUrl(' /docs/\tmobile\n')).toBe('/docs/mobile');
    expect(safeUrl('/\t/evil.example/')).toBe('//evil.example/');
    for (const url of UNSAFE) expect(safeUrl(url), url).toBeNull();
    expect(safeUrl(42)).toBeNull();
  });

  it('treats protocol-relative links as external: not routed by the client, not prefetched', () => {
    for (const href of ['//evil.example/', '/\\evil.example/', '\\\\evil.example/', '/\t/evil.example/'])
      expect(isRouteHref(href), href).toBe(false);
    expect(isRouteHref('/docs/mobile')).toBe(true);
    const body = sanitizeHast({
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'p',
          properties: {},
          children: [
            { type: 'element', tagName: 'a', properties: { href: '/\t/evil.example/' }, children: [{ type: 'text', value: 'out' }] },
            { type: 'element', tagName: 'a', properties: { href: '/docs/mobile' }, children: [{ type: 'text', value: 'in' }] },
          ],
        },
      ],
    } as HastRoot);
    const html = renderToStaticMarkup(<PageBody body={body} locale="ru" />);
    expect(html).toContain('<a href="//evil.example/">out</a>');
    expect(html).toContain('<a href="/docs/mobile" data-prefetch="visible">in</a>');
  });
});

describe('DocPage with hostile page fields', () => {
  it('drops an unsafe API description URL and edit link', () => {
    const dist = inject('realDist');
    const { manifest, routes } = readBuiltSite(dist);
    const route = routes.find((r) => r.kind === 'doc' && r.locale === 'ru' && r.api);
    if (!route || route.kind !== 'doc') throw new Error('no API page in the built site');
    const page = JSON.parse(readFileSync(join(dist, route.data), 'utf8')) as PageData;
    expect(page.operation).toBeTruthy();
    for (const url of UNSAFE) {
      const hostile: PageData = { ...page, editUrl: url, operation: { ...page.operation!, specUrl: url } };
      const html = renderToStaticMarkup(<DocPage page={hostile} ui={manifest.locales.ru!.ui} />);
      expect(html, url).not.toMatch(/javascript:|vbscript:|data:text|href="\\\\/i);
      expect(html).toMatch(/<a download="">/);
    }
  });
});
