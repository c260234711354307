/** The production nginx configuration (deploy/nginx/), exercised on the built site. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { ANNOUNCEMENT_SCRIPT } from '../../renderer/document/announcement-script.ts';
import { CLIENT_LOADER_SCRIPT } from '../../renderer/document/client-loader-script.ts';
import { COLOUR_MODE_SCRIPT } from '../../renderer/document/colour-mode-script.ts';
import { expect, test } from './fixtures.ts';
import { startNginx } from './nginx.ts';

/** The bytes nginx sends for a path with this Accept-Encoding, as they come (not decoded). */
function rawGet(
  path: string,
  acceptEncoding: string,
  base = process.env.VITRINA_BASE_URL,
): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((ok, fail) => {
    get(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => ok({ encoding: response.headers['content-encoding'], body: Buffer.concat(parts) }));
      response.on('error', fail);
    }).on('error', fail);
  });
}

test.describe('nginx', () => {
  test('serves clean URLs and the root', async ({ request, site }) => {
    for (const path of ['/', '/en', '/docs/mobile', '/en/docs/mobile', '/search', '/blog/archive']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      expect(await response.text()).toContain('<!doctype html>');
    }
    const doc = site.findDoc((r) => r.api);
    expect((await request.get(doc.path, { maxRedirects: 0 })).status()).toBe(200);
  });

  test('answers 404 with 404.html for unknown paths', async ({ request }) => {
    for (const path of ['/no/such/page', '/en/no/such/page', '/docs/mobile/nope', '/404.html']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html).toContain('id="__VITRINA_PAGE__"');
      expect(html).toContain('noindex');
    }
  });

  test('redirects /index.html, /index and a trailing slash with 301 to the clean path', async ({ request }) => {
    const cases: [string, string][] = [
      ['/index.html', '/'],
      ['/index', '/'],
      ['/docs/mobile/index.html', '/docs/mobile'],
      ['/docs/mobile/index', '/docs/mobile'],
      ['/en/docs/mobile/index.html', '/en/docs/mobile'],
      ['/docs/mobile/', '/docs/mobile'],
      ['/docs/mobile/index.html?x=1', '/docs/mobile?x=1'],
    ];
    for (const [from, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
  });

  test('lets any origin read the site’s JSON (manifest, chunks, page JSON, search files), and nothing else', async ({ request, site }) => {
    const headers = { origin: 'https://app.example' };
    const search = site.manifest.locales.ru!.search!;
    const entry = JSON.parse(await (await request.get(search.entry)).text()) as Record<string, unknown>;
    const postings = JSON.stringify(entry).match(/\/search\/[^"]+\.json/g) ?? [];
    expect(postings.length).toBeGreaterThan(0);
    for (const path of ['/manifest.json', site.chunkUrl('en', 'api', 'v1.5'), site.dataUrl('/docs/mobile'), search.entry, postings[0]!]) {
      const response = await request.get(path, { headers });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['access-control-allow-origin'], path).toBe('*');
      expect(response.headers()['access-control-allow-credentials'], path).toBeUndefined();
    }
    const html = await request.get('/docs/mobile', { headers });
    const script = /<script data-src="([^"]+)"/.exec(await html.text())?.[1];
    for (const response of [html, await request.get(script!, { headers }), await request.get('/sitemap.xml', { headers })])
      expect(response.headers()['access-control-allow-origin'], response.url()).toBeUndefined();
  });

  test('caches hashed assets for a year and revalidates HTML and JSON', async ({ request, site }) => {
    const html = await (await request.get('/docs/mobile')).text();
    const script = /<script data-src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\//);
    const asset = await request.get(script!);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-type']).toContain('javascript');
    for (const path of [
      '/docs/mobile',
      '/manifest.json',
      site.chunkUrl('ru', 'mobile', 'ic3'),
      site.dataUrl('/docs/mobile'),
      '/no/such/page',
    ]) {
      const response = await request.get(path);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
    }
    const gzip = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
  });

  test('serves scripts and stylesheets precompressed by the build: Brotli when accepted, else gzip -9, from the first request on', async ({
    site,
  }) => {
    const html = readFileSync(join(site.dist, 'docs', 'mobile', 'index.html'), 'utf8');
    const script = /<script data-src="([^"]+)"/.exec(html)![1]!;
    // Then every other script and stylesheet the build precompressed.
    const others = readdirSync(join(site.dist, 'assets'))
      .filter((f) => /\.(?:js|css)$/.test(f) && existsSync(join(site.dist, 'assets', `${f}.br`)))
      .map((f) => `/assets/${f}`)
      .filter((p) => p !== script);
    expect(others.some((p) => p.endsWith('.css'))).toBe(true);
    // A server just started, as after a deploy or a restart: its first answers count too.
    const fresh = await startNginx(site.dist);
    try {
      const base = `http://127.0.0.1:${fresh.port}`;
      for (const path of [script, ...others]) {
        const file = join(site.dist, path.slice(1));
        const br = await rawGet(path, 'br, gzip', base);
        expect(br.encoding, path).toBe('br');
        expect(br.body.equals(readFileSync(`${file}.br`)), `${path}: the build's .br file`).toBe(true);
        expect(brotliDecompressSync(br.body).equals(readFileSync(file))).toBe(true);
        const gz = await rawGet(path, 'gzip', base);
        expect(gz.encoding, path).toBe('gzip');
        expect(gz.body.equals(readFileSync(`${file}.gz`)), `${path}: the build's .gz file`).toBe(true);
        expect(gz.body.equals(gzipSync(readFileSync(file), { level: 9 })), `${path}: zlib's gzip -9`).toBe(true);
        expect((await rawGet(path, 'identity', base)).body.equals(readFileSync(file))).toBe(true);
      }
    } finally {
      process.kill(fresh.pid);
    }
  });

  test('serves the service worker revalidated, as JavaScript, with the security headers', async ({ request }) => {
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toContain('javascript');
    expect(sw.headers()['x-content-type-options']).toBe('nosniff');
    // The CSP lets the site's own origin, and only it, run a worker.
    expect(sw.headers()['content-security-policy']).toContain("worker-src 'self'");
  });

  test('serves markdown sources as text/markdown in UTF-8', async ({ request, site }) => {
    const response = await request.get(site.page('/docs/mobile').markdownUrl);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  });

  test('sends the security headers on pages, assets and errors', async ({ request }) => {
    for (const path of ['/', '/manifest.json', '/no/such/page']) {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(headers['content-security-policy']).not.toContain('unsafe-eval');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  test('a diagram opened on its own may apply its own style, and run or fetch nothing', async ({ request }) => {
    const headers = (await request.get('/img/business/visit_structure.ru.svg')).headers();
    expect(headers['content-type']).toContain('image/svg+xml');
    const csp = headers['content-security-policy']!.split(/;\s*/);
    expect(csp).toEqual(expect.arrayContaining(["default-src 'none'", "style-src 'unsafe-inline'", "frame-ancestors 'none'"]));
    expect(csp.some((d) => d.startsWith('script-src'))).toBe(false);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('public, max-age=86400');
  });

  test('the CSP allows the inline colour-mode, announcement and client-loader scripts and the inline stylesheet by their hashes, and only them', async ({
    request,
    site,
  }) => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const csp = (await request.get('/')).headers()['content-security-policy']!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    const styleSrc = /style-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc.split(' ')).toContain(sha(COLOUR_MODE_SCRIPT));
    expect(scriptSrc.split(' ')).toContain(sha(ANNOUNCEMENT_SCRIPT));
    expect(scriptSrc.split(' ')).toContain(sha(CLIENT_LOADER_SCRIPT));
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(3);
    const announcing = Boolean(site.manifest.locales.ru?.announcement);
    for (const path of ['/', '/docs/mobile/ic3/visits/start', '/en/search', '/no/such/page']) {
      const html = await (await request.get(path)).text();
      // The prerendered pages carry exactly that script and one stylesheet inline, and link none.
      expect(
        [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]),
        path,
      ).toEqual(announcing ? [COLOUR_MODE_SCRIPT, ANNOUNCEMENT_SCRIPT] : [COLOUR_MODE_SCRIPT]);
      // The client starts from its loader, named by the script's data-src (the loader never changes).
      expect(
        [...html.matchAll(/<script data-src="[^"]+">([\s\S]*?)<\/script>/g)].map((m) => m[1]),
        path,
      ).toEqual([CLIENT_LOADER_SCRIPT]);
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(styles, path).toHaveLength(1);
      expect(styleSrc.split(' '), path).toEqual(["'self'", sha(styles[0]!)]);
      expect(html, path).not.toContain('rel="stylesheet"');
    }
    // The directive is the build's own (dist/_deploy/nginx/csp.conf), which readers cannot fetch.
    expect(readFileSync(join(site.dist, '_deploy/nginx/csp.conf'), 'utf8')).toContain(csp);
    expect((await request.get('/_deploy/nginx/csp.conf')).status()).toBe(404);
  });
});
