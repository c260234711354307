/**
 * `preview` sends Access-Control-Allow-Origin with the site's JSON (as deploy/nginx does), so that
 * apps on other origins embed its pages and search it; nothing else of the site is opened.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from './static-server.ts';

let dir = '';
let server: StaticServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vd-cors-'));
  for (const [file, text] of Object.entries({
    'manifest.json': '{"site":{"analytics":{"provider":"none"}}}',
    'manifest/en/mobile.ic3.0123456789.json': '{}',
    'data/en/docs/mobile.0123456789.json': '{}',
    'search/ru.0123456789.entry.json': '{}',
    'index.html': '<!doctype html>',
    'docs/mobile/index.html': '<!doctype html>',
    'assets/client.js': '',
    'sitemap.xml': '<urlset/>',
  })) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  server = await startStaticServer({ dir, port: 0 });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const allowed = async (path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { origin: 'https://app.example' } });
  return { status: response.status, allow: response.headers.get('access-control-allow-origin') };
};

it('lets any origin read the manifest, its chunks, page JSON and search files', async () => {
  for (const path of [
    '/manifest.json',
    '/manifest/en/mobile.ic3.0123456789.json',
    '/data/en/docs/mobile.0123456789.json',
    '/search/ru.0123456789.entry.json',
  ])
    expect(await allowed(path), path).toEqual({ status: 200, allow: '*' });
});

it('opens nothing else to other origins: pages, scripts, feeds, not-found answers', async () => {
  for (const path of ['/', '/docs/mobile', '/assets/client.js', '/sitemap.xml', '/no/such.json'])
    expect((await allowed(path)).allow, path).toBeNull();
});
