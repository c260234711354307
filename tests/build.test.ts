import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManifestChunkSchema, ManifestSchema, PageDataSchema, type Manifest } from '@vitrina-docs/schemas';
import { readBuiltSite, type BuiltSite } from './helpers/built-site.ts';
import { ROOT, copyFixture, runCli, treeHash } from './helpers/project.ts';

describe('build of the fixture site', () => {
  const fixture = copyFixture('site-ok');
  const dist = join(fixture.root, 'dist');
  let manifest: Manifest;
  let built: BuiltSite;
  beforeAll(async () => {
    const r = await runCli(['-C', fixture.root, 'build', '--no-prerender']);
    expect(r.stderr).toMatch(/built \d+ pages/);
    expect(r.code).toBe(0);
    built = readBuiltSite(dist);
    manifest = built.manifest;
  });
  afterAll(() => fixture.cleanup());

  it('writes a manifest shell and chunks that validate against the published JSON Schemas', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/json/manifest.schema.json'), 'utf8')));
    expect(validate(manifest), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(ManifestSchema.safeParse(manifest).success).toBe(true);
    const validateChunk = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/json/manifest-chunk.schema.json'), 'utf8')));
    expect(built.chunks.size).toBeGreaterThan(0);
    for (const [url, chunk] of built.chunks) {
      expect(validateChunk(chunk), `${url}: ${JSON.stringify(validateChunk.errors?.slice(0, 3))}`).toBe(true);
      expect(ManifestChunkSchema.safeParse(chunk).success).toBe(true);
    }
  });

  it('keeps the routes of doc pages and blog posts out of the shell, in content-hashed chunks per sidebar, version and locale', () => {
    const shell = JSON.stringify(manifest);
    expect(shell).not.toContain('"kind":"doc"');
    expect(shell).not.toContain('"kind":"blog-post"');
    const refs = manifest.locales.en!.chunks.map((c) => `${c.kind} ${c.sidebar ?? ''} ${c.version ?? ''} ${c.prefix}`);
    expect(refs).toEqual(
      expect.arrayContaining(['sidebar mobile ic3 /en/docs/mobile', 'sidebar mobile ic2 /en/docs/mobile', 'blog   /en/blog']),
    );
    for (const data of Object.values(manifest.locales))
      for (const ref of data!.chunks) {
        expect(ref.url).toMatch(/^\/manifest\/(ru|en)\/[\w.-]+\.[0-9a-f]{10}\.json$/);
        const chunk = built.chunks.get(ref.url)!;
        expect(chunk.locale).toBe(data!.info.code);
        for (const route of chunk.routes) expect(route.path === ref.prefix || route.path.startsWith(`${ref.prefix}/`)).toBe(true);
        if (chunk.kind === 'sidebar') expect([chunk.sidebar, chunk.version]).toEqual([ref.sidebar, ref.version]);
      }
  });

  it('writes one page JSON per page and locale, without positions', () => {
    const docs = built.routes.filter((r) => r.kind === 'doc' || r.kind === 'blog-post');
    const pages = readdirSync(join(fixture.root, 'content'), { recursive: true }).filter((f) => String(f).endsWith('.md'));
    expect(docs).toHaveLength(pages.length);
    for (const r of docs) {
      const json = readFileSync(join(dist, r.data), 'utf8');
      expect(json).not.toContain('"position"');
      const page = PageDataSchema.parse(JSON.parse(json));
      expect(page.path).toBe(r.path);
    }
  });

  it('routes: default locale at the root, English under /en, index pages, redirects', () => {
    const paths = built.routes.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/en',
        '/search',
        '/en/search',
        '/docs/mobile',
        '/en/docs/mobile/ic3/visits/start',
        '/blog/launch',
        '/en/blog/archive',
      ]),
    );
    expect(built.routes.find((r) => r.path === '/docs')).toMatchObject({ kind: 'redirect', to: '/docs/mobile' });
    expect(built.routes.find((r) => r.path === '/en/docs')).toMatchObject({ kind: 'redirect', to: '/en/docs/mobile' });
  });

  it('localises links, resolves relative links and records versions and alternates', () => {
    const route = built.routes.find((r) => r.path === '/en/docs/mobile/ic3/visits/start');
    if (route?.kind !== 'doc') throw new Error('missing route');
    expect(route.version).toBe('ic3');
    const json = readFileSync(join(dist, route.data), 'utf8');
    expect(json).toContain('"href":"/en/docs/mobile/ic2/visits/start#steps"');
    expect(json).toContain('"href":"/en/docs/support"');
    expect(json).toContain('"href":"mailto:support@vitrina.example"');
    const page = PageDataSchema.parse(JSON.parse(json));
    expect(page.alternates).toEqual({ ru: '/docs/mobile/ic3/visits/start', en: '/en/docs/mobile/ic3/visits/start' });
    expect(page.toc.map((t) => t.id)).toEqual(['before-you-start', 'steps', 'result']);
    expect(page.editUrl).toMatch(/content\/docs\/mobile\/ic3\/visits\/start\.en\.md$/);
  });

  it('keeps each version to its own sidebar', () => {
    const mobile = { ic3: built.sidebar('ru', 'mobile', 'ic3'), ic2: built.sidebar('ru', 'mobile', 'ic2') };
    const flat = (items: unknown[]): string[] =>
      items.flatMap((i) => {
        const x = i as { path: string | null; items?: unknown[] };
        return [x.path ?? '', ...(x.items ? flat(x.items) : [])];
      });
    expect(flat(mobile.ic3!)).toContain('/docs/mobile/ic3/visits/start');
    expect(flat(mobile.ic3!)).not.toContain('/docs/mobile/ic2/visits/start');
    expect(flat(mobile.ic2!)).toContain('/docs/mobile/ic2/visits/start');
  });

  it('draws API method pages from the OpenAPI operation, in the page language', () => {
    const route = built.routes.find((r) => r.path === '/docs/api/backend/methods/v1.5/brands');
    if (route?.kind !== 'doc') throw new Error('missing route');
    const page = PageDataSchema.parse(JSON.parse(readFileSync(join(dist, route.data), 'utf8')));
    expect(page.operation).toMatchObject({
      method: 'GET',
      url: 'https://api.vitrina.example/api/v1.5/catalog/brands',
      summary: 'Список брендов',
    });
    expect(page.operation!.parameters[0]).toMatchObject({ name: 'page', in: 'query', description: 'Номер страницы', default: '1' });
    const fields = page.operation!.responses[0]!.fields.map((f) => `${f.path}:${f.depth}:${f.required}`);
    expect(fields).toEqual([
      'count:0:true',
      'results[]:0:true',
      'results[].id:1:true',
      'results[].name:1:true',
      'results[].is_own:1:false',
    ]);
    expect(existsSync(join(dist, 'api/v1.5.yaml'))).toBe(true);
  });

  it("gives each response its meaning at this endpoint and its error code, in the page's language", () => {
    const responses = (path: string) => {
      const route = built.routes.find((r) => r.path === path);
      if (route?.kind !== 'doc') throw new Error(`missing route ${path}`);
      return PageDataSchema.parse(JSON.parse(readFileSync(join(dist, route.data), 'utf8'))).operation!.responses;
    };
    // The 404 refers to the shared response and says what it means for a list, beside the $ref.
    expect(responses('/docs/api/backend/methods/v1.5/brands')[1]).toMatchObject({
      status: '404',
      code: 'not_found',
      description: 'Номер страницы больше последней',
    });
    expect(responses('/en/docs/api/backend/methods/v1.5/brands')[1]).toMatchObject({
      code: 'not_found',
      description: 'The page number is past the last page',
    });
    expect(responses('/docs/api/backend/methods/v1.5/brands')[0]).not.toHaveProperty('code');
  });

  it('highlights code at build time with classes, not inline styles', () => {
    const css = manifest.assets.css.map((u) => readFileSync(join(dist, u), 'utf8')).join('');
    expect(css).toMatch(/--hl-light:/);
    expect(css).toMatch(/--hl-dark:/);
    const all = readdirSync(join(dist, 'data'), { recursive: true })
      .map((f) => String(f))
      .filter((f) => f.endsWith('.json'));
    for (const f of all) expect(readFileSync(join(dist, 'data', f), 'utf8')).not.toContain('"style"');
  });

  it('records image sizes and lazy loading', () => {
    const route = built.routes.find((r) => r.path === '/docs/mobile/ic3/visits/start');
    if (route?.kind !== 'doc') throw new Error('missing route');
    expect(readFileSync(join(dist, route.data), 'utf8')).toContain(
      '"src":"/img/shelf.svg","alt":"Схема полки","loading":"lazy","decoding":"async","width":320,"height":120',
    );
  });

  it('leaves the previous dist/ byte for byte when a build fails', async () => {
    const before = treeHash(dist);
    const page = join(fixture.root, 'content/docs/support/index.ru.md');
    const good = readFileSync(page, 'utf8');
    writeFileSync(page, `${good}\n[сломано](/docs/nowhere)\n`);
    const r = await runCli(['-C', fixture.root, 'build', '--no-prerender']);
    writeFileSync(page, good);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('broken-link');
    expect(r.stderr).toContain('dist/ was left as it was');
    expect(treeHash(dist)).toBe(before);
  });
});

describe('build without the renderer bundle', () => {
  const fixture = copyFixture('site-ok');
  afterAll(() => fixture.cleanup());

  it('writes the data, says that the pages have no HTML, and counts it as a warning', async () => {
    const r = await runCli(['-C', fixture.root, 'build']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^renderer:1:1 +warning +renderer-not-built /m);
    // The summary counts every warning printed, this one too.
    const printed = r.stderr.split('\n').filter((l) => /^\S+:\d+:\d+ +warning /.test(l)).length;
    expect(r.stderr).toContain(`: 0 errors, ${printed} warnings`);
    expect(existsSync(join(fixture.root, 'dist', 'manifest.json'))).toBe(true);
    expect(existsSync(join(fixture.root, 'dist', 'index.html'))).toBe(false);
  });
});
