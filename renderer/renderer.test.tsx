/**
 * Unit tests of the renderer's pure parts: the public surface, the sanitiser, the hast → React
 * conversion (through the server renderer), routes and versions. Browser behaviour is tested
 * end to end in tests/e2e.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HastRoot, Manifest, ManifestChunk, PageData, SidebarItem, UiStrings } from '@vitrina-docs/schemas';
import type { Site } from './app/site-context.ts';
import * as renderer from './index.ts';
import { isSafeUrl, sanitizeHast } from './hast/sanitize.ts';
import { inlineJson } from './document/html-document.ts';
import { canonicalPath } from '@vitrina-docs/schemas/paths';
import { SiteRoutes } from './shared/site-routes.ts';
import { versionSwitchTarget } from './shared/versions.ts';
import { closeRoutes, editDistance, pathWords } from './views/not-found-suggestions.ts';
import { FeedbackWidget } from './components/FeedbackWidget.tsx';
import { SiteContext } from './app/site-context.ts';
import { UiContext } from './components/ui-context.ts';
import { fill, formatDate } from './shared/format.ts';
import { readFileSync } from 'node:fs';
import YAML from 'yaml';

const el = (tagName: string, properties: Record<string, unknown> = {}, children: unknown[] = []) => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string) => ({ type: 'text', value });

describe('public surface', () => {
  it('exports what an embedding app needs, and nothing else', () => {
    expect(Object.keys(renderer).sort()).toEqual(
      [
        'BODY_STRINGS',
        'DocContent',
        'DocPage',
        'EndpointLine',
        'OperationTables',
        'PageBody',
        'Toc',
        'TocFold',
        'UiContext',
        'createHrefResolver',
        'drawHast',
        'isSafeUrl',
        'loadSiteData',
        'pageToc',
        'sanitizeHast',
      ].sort(),
    );
  });
});

describe('isSafeUrl', () => {
  it.each([
    ['/docs/mobile', true],
    ['#anchor', true],
    ['./relative', true],
    ['?q=1', true],
    ['https://vitrina.example', true],
    ['http://vitrina.example', true],
    ['mailto:support@vitrina.example', true],
    ['tel:+100', true],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    [' java\tscript:alert(1)', false],
    ['java\nscript:alert(1)', false],
    ['\u0000javascript:alert(1)', false],
    ['vbscript:msgbox(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['data:image/png;base64,AAAA', false],
    ['file:///etc/passwd', false],
    ['/\\evil.example', false],
  ])('%j → %s', (url, safe) => expect(isSafeUrl(url)).toBe(safe));
});

describe('sanitizeHast', () => {
  it('keeps the body conventions: code blocks, admonitions, details, tables, images, footnotes', () => {
    const body = {
      type: 'root',
      children: [
        el('h2', { id: 'setup' }, [text('Setup')]),
        el('figure', { className: ['code-block'], dataLanguage: 'bash' }, [
          el('figcaption', { className: ['code-title'] }, [text('run.sh')]),
          el('pre', { className: ['hl'], tabIndex: 0 }, [el('code', {}, [el('span', { class: 'hl-function' }, [text('curl')])])]),
        ]),
        el('aside', { className: ['admonition', 'admonition-tip'] }, [el('p', {}, [text('Tip')])]),
        el('details', { className: ['details'] }, [el('summary', {}, [text('More')])]),
        el('table', {}, [text('\n'), el('tbody', {}, [el('tr', {}, [el('td', { align: 'right' }, [text('1')])])])]),
        el('img', { src: '/img/a.png', alt: 'A', width: 10, height: 5, loading: 'lazy', decoding: 'async' }),
        el('p', {}, [
          el('sup', {}, [
            el('a', { href: '#user-content-fn-1', id: 'user-content-fnref-1', dataFootnoteRef: true, ariaDescribedBy: 'footnote-label' }, [
              text('1'),
            ]),
          ]),
        ]),
      ],
    };
    const safe = sanitizeHast(body);
    expect(safe.children).toHaveLength(7);
    const html = renderToStaticMarkup(<renderer.PageBody body={safe} />);
    expect(html).toContain('<figure class="code-block" data-language="bash">');
    expect(html).toContain('<span class="hl-function">curl</span>');
    expect(html).toContain('<div role="note" class="admonition admonition-tip">');
    expect(html).toContain('<img src="/img/a.png" alt="A" width="10" height="5" loading="lazy" decoding="async"/>');
    expect(html).toMatch(/data-footnote-ref="(true)?"/);
    expect(html).toContain('aria-describedby="footnote-label"');
    expect(html).toContain('<td align="right">1</td>');
    expect(html).toContain('<div class="table-scroll table-data" tabindex="0"><table><tbody>');
    expect(html).toContain('<h2 id="setup">Setup<a class="heading-anchor" href="#setup" aria-hidden="true" tabindex="-1">#</a></h2>');
  });

  it('drops unknown elements, event handlers, styles, unsafe URLs, reserved ids and foreign classes', () => {
    const safe = sanitizeHast({
      type: 'root',
      children: [
        el('script', {}, [text('alert(1)')]),
        el('iframe', { src: 'https://evil.example' }),
        el(
          'p',
          { onClick: 'alert(1)', onclick: 'alert(1)', style: 'color:red', id: '__VITRINA_PAGE__', className: ['navbar', 'admonition'] },
          [text('p')],
        ),
        el('a', { href: 'javascript:alert(1)', target: '_blank' }, [text('a')]),
        el('input', { type: 'text', value: 'x' }),
        el('input', { type: 'checkbox', checked: true }),
        { type: 'raw', value: '<img src=x onerror=alert(1)>' },
        { type: 'comment', value: 'c' },
        el('IMG', { src: 'x', onError: 'alert(1)' }),
      ],
    });
    expect(safe).toEqual({
      type: 'root',
      children: [
        el('p', { className: ['admonition'] }, [text('p')]),
        el('a', {}, [text('a')]),
        el('input', { type: 'checkbox', checked: true, disabled: true }, []),
        el('img', { src: 'x' }, []),
      ],
    });
  });

  it('survives garbage and very deep trees', () => {
    expect(sanitizeHast(null)).toEqual({ type: 'root', children: [] });
    expect(sanitizeHast({ type: 'element' })).toEqual({ type: 'root', children: [] });
    let deep: unknown = text('bottom');
    for (let i = 0; i < 10_000; i++) deep = el('span', {}, [deep]);
    expect(() => renderToStaticMarkup(<renderer.PageBody body={sanitizeHast({ type: 'root', children: [deep] })} />)).not.toThrow();
  });

  it('draws a default admonition title when the body has none', () => {
    const body = {
      type: 'root',
      children: [el('aside', { className: ['admonition', 'admonition-warning'] }, [el('p', {}, [text('Careful')])])],
    } as HastRoot;
    expect(renderToStaticMarkup(<renderer.PageBody body={body} />)).toContain('<p class="admonition-title">Warning</p>');
  });
});

describe('routes and versions', () => {
  const doc = (path: string, version: string | null, data: string, key = '') => ({
    kind: 'doc' as const,
    path,
    locale: 'ru' as const,
    key,
    title: '',
    alternates: {},
    sidebar: 'mobile' as const,
    version,
    api: false,
    data,
  });
  const url = (name: string) => `/manifest/ru/${name}.0123456789.json`;
  const shell = {
    defaultLocale: 'ru',
    versions: { mobile: { current: 'ic3', items: [] } },
    locales: {
      ru: {
        routes: [{ kind: 'redirect', path: '/docs', to: '/docs/mobile', locale: 'ru', key: '/docs', title: '', alternates: {} }],
        chunks: [
          { kind: 'sidebar', sidebar: 'mobile', version: 'ic3', prefix: '/docs/mobile', url: url('mobile.ic3') },
          { kind: 'sidebar', sidebar: 'mobile', version: 'ic2', prefix: '/docs/mobile', url: url('mobile.ic2') },
          { kind: 'blog', sidebar: null, version: null, prefix: '/blog', url: url('blog') },
        ],
      },
    },
  } as unknown as Manifest;
  const chunk = (version: string, routes: ReturnType<typeof doc>[]) =>
    ({ kind: 'sidebar', locale: 'ru', sidebar: 'mobile', version, items: [], routes }) as ManifestChunk;
  const ic3Chunk = chunk('ic3', [
    doc('/docs/mobile', null, '/a.json', '/docs/mobile'),
    doc('/docs/mobile/ic3/a', 'ic3', '/b.json'),
    doc('/docs/mobile/ic3/only', 'ic3', '/d.json'),
  ]);
  const ic2Chunk = chunk('ic2', [doc('/docs/mobile', null, '/a.json', '/docs/mobile'), doc('/docs/mobile/ic2/a', 'ic2', '/c.json')]);
  const routes = new SiteRoutes(shell, [
    [url('mobile.ic3'), ic3Chunk],
    [url('mobile.ic2'), ic2Chunk],
  ]);
  const ic2: SidebarItem[] = [
    { type: 'link', label: 'Overview', path: '/docs/mobile', version: null },
    {
      type: 'group',
      label: 'IC2',
      path: null,
      version: 'ic2',
      collapsed: false,
      items: [{ type: 'link', label: 'A', path: '/docs/mobile/ic2/a', version: 'ic2' }],
    },
  ];

  it('resolves redirects and clean paths', () => {
    expect(routes.resolve('/docs')).toMatchObject({ status: 'found', path: '/docs/mobile' });
    expect(routes.resolve('/docs/mobile/index.html')).toMatchObject({ status: 'found', path: '/docs/mobile' });
    expect(routes.resolve('/nope')).toEqual({ status: 'not-found', path: '/nope' });
    expect(canonicalPath('/docs/mobile/index')).toBe('/docs/mobile');
  });

  it('maps a path to the chunks that may hold it: its prefix, the selected version first', () => {
    const lazy = new SiteRoutes(shell);
    expect(lazy.resolve('/docs')).toMatchObject({
      status: 'pending',
      path: '/docs/mobile',
      chunks: [{ version: 'ic3' }, { version: 'ic2' }],
    });
    expect(lazy.resolve('/docs/mobile/ic2/a', () => 'ic2')).toMatchObject({ chunks: [{ version: 'ic2' }, { version: 'ic3' }] });
    expect(lazy.resolve('/blog/post')).toMatchObject({ status: 'pending', chunks: [{ kind: 'blog' }] });
    // A path under no prefix needs no chunk: it is not found at once.
    expect(lazy.resolve('/docs/mobilex')).toEqual({ status: 'not-found', path: '/docs/mobilex' });
    lazy.add(url('mobile.ic3'), ic3Chunk);
    // Not in the ic3 chunk: only the ic2 chunk is left to try.
    expect(lazy.resolve('/docs/mobile/ic2/a')).toMatchObject({ status: 'pending', chunks: [{ version: 'ic2' }] });
    lazy.add(url('mobile.ic2'), ic2Chunk);
    expect(lazy.resolve('/docs/mobile/ic2/a')).toMatchObject({ status: 'found', route: { data: '/c.json' } });
    expect(lazy.resolve('/docs/mobile/ic9/a')).toEqual({ status: 'not-found', path: '/docs/mobile/ic9/a' });
  });

  it('switches to the counterpart, the same shared page, or the version’s first page', () => {
    expect(versionSwitchTarget({ path: '/docs/mobile/ic3/a', from: 'ic3', to: 'ic2', items: ic2, routes })).toBe('/docs/mobile/ic2/a');
    expect(versionSwitchTarget({ path: '/docs/mobile', from: null, to: 'ic2', items: ic2, routes })).toBe('/docs/mobile');
    expect(versionSwitchTarget({ path: '/docs/mobile/ic3/only', from: 'ic3', to: 'ic2', items: ic2, routes })).toBe('/docs/mobile/ic2/a');
    // A counterpart named by the page JSON wins over the path rule.
    const counterparts = { ic2: '/docs/mobile/ic2/elsewhere' };
    expect(versionSwitchTarget({ path: '/docs/mobile/ic3/a', from: 'ic3', to: 'ic2', items: ic2, routes, counterparts })).toBe(
      '/docs/mobile/ic2/elsewhere',
    );
  });

  it('suggests close routes and search words for a missing path', () => {
    expect(editDistance('visit', 'visits')).toBe(1);
    const close = closeRoutes('/docs/mobile/ic3/visit/start', [
      doc('/docs/mobile/ic3/visits/start', 'ic3', '/s.json', '/docs/mobile/ic3/visits/start'),
      doc('/docs/mobile/ic2/visits/start', 'ic2', '/t.json', '/docs/mobile/ic2/visits/start'),
      doc('/docs/mobile/ic3/tasks/add', 'ic3', '/u.json', '/docs/mobile/ic3/tasks/add'),
    ]);
    expect(close.map((r) => r.path)).toEqual(['/docs/mobile/ic3/visits/start', '/docs/mobile/ic2/visits/start']);
    const versions = { versions: { mobile: { current: 'ic3', items: [{ id: 'ic3' }, { id: 'ic2' }] } } } as unknown as Manifest;
    expect(pathWords('/docs/mobile/ic3/visit_start-now/index', versions)).toEqual(['mobile', 'visit', 'start', 'now']);
  });

  it('fills UI strings and inlines JSON safely', () => {
    expect(fill('Найдено: {count}', { count: 3 })).toBe('Найдено: 3');
    expect(inlineJson({ t: '</script><!-- \u2028' })).toBe('{"t":"\\u003c/script\\u003e\\u003c!-- \\u2028"}');
  });
});

describe('formatDate', () => {
  const ui = (locale: string) =>
    (YAML.parse(readFileSync(new URL(`../content/i18n/${locale}.yaml`, import.meta.url), 'utf8')) as UiStrings).date;
  it('writes a date in the locale’s long form from the UI strings, by the UTC day', () => {
    expect(formatDate('2021-03-01', ui('ru'))).toBe('1 марта 2021 г.');
    expect(formatDate('2021-03-01', ui('en'))).toBe('March 1, 2021');
    expect(formatDate('2026-11-21T23:30:00.000Z', ui('ru'))).toBe('21 ноября 2026 г.');
    expect(formatDate('2026-12-31T23:59:59Z', ui('en'))).toBe('December 31, 2026');
  });
  it('leaves what is not a date as it is', () => {
    expect(formatDate('soon', ui('en'))).toBe('soon');
  });
});

describe('FeedbackWidget', () => {
  const ui = YAML.parse(readFileSync(new URL('../content/i18n/en.yaml', import.meta.url), 'utf8')) as UiStrings;
  const page = { path: '/en/docs/a', locale: 'en', version: null } as unknown as PageData;
  const draw = (analytics: Manifest['site']['analytics']) =>
    renderToStaticMarkup(
      <SiteContext value={{ state: { manifest: { site: { analytics } } } } as unknown as Site}>
        <UiContext value={ui}>
          <FeedbackWidget page={page} />
        </UiContext>
      </SiteContext>,
    );

  it('asks in a fieldset with a legend and a live region when analytics are configured', () => {
    const html = draw({ provider: 'ga4', id: 'G-ABC123' });
    expect(html).toContain(`<legend>${ui.feedback.question}</legend>`);
    expect(html).toContain('role="status"');
  });

  it('draws the same first render whatever the analytics setting (hydration under a preview manifest)', () => {
    expect(draw({ provider: 'none' })).toBe(draw({ provider: 'ga4', id: 'G-ABC123' }));
  });
});
