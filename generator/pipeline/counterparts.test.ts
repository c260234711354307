import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '@vitrina-docs/schemas';
import { Diagnostics } from '../diagnostics.ts';
import type { OpenApiDescription } from '../openapi/load-openapi.ts';
import type { Page } from './check.ts';
import { resolveCounterparts } from './counterparts.ts';

const site = {
  versions: {
    api: {
      current: 'v1.5',
      items: [
        { id: 'v1.5', label: { ru: 'v1.5', en: 'v1.5' }, legacy: false },
        { id: 'v1', label: { ru: 'v1', en: 'v1' }, legacy: true },
      ],
    },
    mobile: {
      current: 'ic3',
      items: [
        { id: 'ic3', label: { ru: 'IC3', en: 'IC3' }, legacy: false },
        { id: 'ic2', label: { ru: 'IC2', en: 'IC2' }, legacy: true },
      ],
    },
  },
} as unknown as Pick<SiteConfig, 'versions'>;

function page(key: string, version: string | null, fm: Partial<Page['fm']> = {}, locale: 'ru' | 'en' = 'ru'): Page {
  const sidebar = key.split('/')[2] as Page['sidebar'];
  const path = locale === 'ru' ? key : `/en${key}`;
  return {
    src: { file: `content${key}.${locale}.md`, frontmatter: null } as unknown as Page['src'],
    kind: 'doc',
    locale,
    key,
    path,
    fm: { title: 't', description: 'd', ...fm } as Page['fm'],
    sidebar,
    version,
    folder: key.split('/').slice(2, -1),
    isIndex: false,
    frontmatterValid: true,
  };
}

const api = (version: string, ops: [string, 'get' | 'post', string][]) =>
  [version, { version, operations: new Map(ops.map(([id, method, path]) => [id, { operationId: id, method, path }])) }] as unknown as [
    string,
    OpenApiDescription,
  ];

describe('resolveCounterparts', () => {
  const apis = new Map([
    api('v1.5', [
      ['brands', 'get', '/catalog/brands'],
      ['agents', 'get', '/agents'],
    ]),
    api('v1', [
      ['brands_list', 'get', '/brands/'],
      ['agents_list', 'get', '/agents/'],
    ]),
  ]);

  it('pairs pages by declared key (both ways), by operation path and method, and by path', () => {
    const pages = [
      page('/docs/api/methods/v1.5/catalog/brands', 'v1.5', { api: { operation: 'brands' } }),
      page('/docs/api/methods/v1/brands/brands_list', 'v1', {
        api: { operation: 'brands_list' },
        counterpart: '/docs/api/methods/v1.5/catalog/brands',
      }),
      page('/docs/api/methods/v1.5/agents/list', 'v1.5', { api: { operation: 'agents' } }),
      page('/docs/api/methods/v1/people/agents_list', 'v1', { api: { operation: 'agents_list' } }),
      page('/docs/mobile/ic3/visits/start', 'ic3', {}, 'en'),
      page('/docs/mobile/ic2/visits/start', 'ic2', {}, 'en'),
    ];
    const diagnostics = new Diagnostics();
    const found = resolveCounterparts(pages, site, apis, diagnostics);
    expect(found.get('/docs/api/methods/v1.5/catalog/brands')).toEqual({ v1: '/docs/api/methods/v1/brands/brands_list' });
    expect(found.get('/docs/api/methods/v1/brands/brands_list')).toEqual({ 'v1.5': '/docs/api/methods/v1.5/catalog/brands' });
    expect(found.get('/docs/api/methods/v1/people/agents_list')).toEqual({ 'v1.5': '/docs/api/methods/v1.5/agents/list' });
    expect(found.get('/en/docs/mobile/ic2/visits/start')).toEqual({ ic3: '/en/docs/mobile/ic3/visits/start' });
    expect(diagnostics.items).toEqual([]);
  });

  it('reports a declared counterpart that is missing or of the same version, and warns about a page without one', () => {
    const pages = [
      page('/docs/mobile/ic2/old', 'ic2', { counterpart: '/docs/mobile/ic3/gone' }),
      page('/docs/mobile/ic2/twin', 'ic2', { counterpart: '/docs/mobile/ic2/old' }),
      page('/docs/mobile/ic3/new-only', 'ic3'),
      page('/docs/mobile/ic3/on-purpose', 'ic3', { counterpart: false }),
    ];
    const diagnostics = new Diagnostics();
    const found = resolveCounterparts(pages, site, apis, diagnostics);
    expect(diagnostics.items.map((d) => `${d.file} ${d.severity} ${d.code}`).sort()).toEqual([
      'content/docs/mobile/ic2/old.ru.md error counterpart-missing',
      'content/docs/mobile/ic2/twin.ru.md error counterpart-wrong-version',
      'content/docs/mobile/ic3/new-only.ru.md warning no-counterpart',
    ]);
    expect(found.get('/docs/mobile/ic3/on-purpose')).toEqual({});
  });
});
