/**
 * `preview` and `dev` as a hostile web page or a careless folder would meet them: other hosts'
 * requests (DNS rebinding), hidden files, links out of the served folder, and the production
 * security headers on everything they send. The dev server shows a page past a limit in the
 * browser overlay.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../generator/dev/dev-server.ts';
import { devPolicy, DIAGRAM_POLICY, SECURITY_HEADERS } from '../../generator/serve/security-headers.ts';
import { startStaticServer, type StaticServer } from '../../generator/serve/static-server.ts';
import { DOWNLOAD_EXTENSIONS } from '../../generator/pipeline/static-types.ts';
import { ROOT } from '../helpers/project.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../workflow/helpers.ts';

const SECRET = 'SECRET-51c2: this text lives outside the served folder';
/** The policy a build wrote for nginx (dist/_deploy/nginx/csp.conf), which preview must send too. */
const BUILT_POLICY = "default-src 'self'; script-src 'self' 'sha256-AAAA'; style-src 'self' 'sha256-BBBB'; frame-ancestors 'none'";

/** A GET with a Host header of our choosing (fetch cannot set one). */
function get(base: string, path: string, host?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectSecurityHeaders(headers: Record<string, unknown>, what: string, policy: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${name} on ${what}`).toBe(value);
  expect(headers['content-security-policy'], `CSP on ${what}`).toBe(policy);
}

describe('the production nginx configuration and the servers send the same security headers', () => {
  it('security-headers.conf says what SECURITY_HEADERS says', () => {
    const conf = readFileSync(join(ROOT, 'deploy/nginx/security-headers.conf'), 'utf8');
    const fromConf = Object.fromEntries(
      [...conf.matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm)].map((m) => [m[1]!.toLowerCase(), m[2]!]),
    );
    expect(fromConf).toEqual(SECURITY_HEADERS);
    // The CSP is the build's (it allows the inline code by its hashes), included beside them.
    expect(conf).toMatch(/^include vitrina-docs\/csp\.conf;$/m);
  });

  it('site.conf sends as downloads the types DOWNLOAD_EXTENSIONS names, as preview and dev do', () => {
    const conf = readFileSync(join(ROOT, 'deploy/nginx/site.conf'), 'utf8');
    const m = /location ~\* \\\.\(\?:([\w|]+)\)\$ \{[^}]*Content-Disposition "attachment"/.exec(conf);
    expect(m?.[1]?.split('|')).toEqual(DOWNLOAD_EXTENSIONS);
  });

  it('site.conf gives a diagram opened on its own the policy DIAGRAM_POLICY says', () => {
    const conf = readFileSync(join(ROOT, 'deploy/nginx/site.conf'), 'utf8');
    const svg = conf.slice(conf.indexOf('location ~* ^/img/.+\\.svg$'));
    expect(/Content-Security-Policy "([^"]*)"/.exec(svg)?.[1]).toBe(DIAGRAM_POLICY);
  });
});

describe('preview', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vd-preview-'));
  const outside = mkdtempSync(join(tmpdir(), 'vd-outside-'));
  let server: StaticServer;
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title>');
    writeFileSync(join(dir, '404.html'), '<!doctype html><title>not found</title>');
    mkdirSync(join(dir, '_deploy', 'nginx'), { recursive: true });
    writeFileSync(join(dir, '_deploy', 'nginx', 'csp.conf'), `add_header Content-Security-Policy "${BUILT_POLICY}" always;\n`);
    mkdirSync(join(dir, 'img'));
    writeFileSync(join(dir, 'img', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    writeFileSync(join(dir, '.env'), SECRET);
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'config'), SECRET);
    writeFileSync(join(outside, 'passwd'), SECRET);
    symlinkSync(join(outside, 'passwd'), join(dir, 'passwd.txt'));
    symlinkSync(outside, join(dir, 'linked'));
    server = await startStaticServer({ dir, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('answers only requests for this machine: localhost, 127.0.0.1 and [::1]', async () => {
    const port = new URL(server.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
      expect((await get(server.url, '/', host)).status, host).toBe(200);
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`]) {
      const r = await get(server.url, '/', host);
      expect(r.status, host).toBe(403);
      expect(r.body).toContain('DNS rebinding');
      expect(r.body).not.toContain('<title>home');
    }
  });

  it('refuses hidden files and never follows a link out of its folder', async () => {
    for (const path of ['/.env', '/.git/config', '/%2eenv', '/passwd.txt', '/linked/passwd']) {
      const r = await get(server.url, path);
      expect([403, 404], path).toContain(r.status);
      expect(r.body, path).not.toContain(SECRET);
    }
  });

  it("sends the security headers of production, with the build's own CSP, on pages, errors and refusals", async () => {
    for (const path of ['/', '/no/such/page', '/.env']) expectSecurityHeaders((await get(server.url, path)).headers, path, BUILT_POLICY);
    expectSecurityHeaders((await get(server.url, '/', 'evil.example')).headers, 'a refused host', BUILT_POLICY);
    // A diagram opened on its own runs nothing, as under nginx.
    expectSecurityHeaders((await get(server.url, '/img/a.svg')).headers, '/img/a.svg', DIAGRAM_POLICY);
    // The deploy's files are not the site's.
    expect((await get(server.url, '/_deploy/nginx/csp.conf')).status).toBe(404);
  });
});

/** The answer to a request line sent as written (fetch and http.request re-encode or refuse some paths). */
function rawGet(base: string, target: string): Promise<{ status: number; location: string | null; head: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => (data += c));
    socket.on('error', reject);
    socket.on('end', () => {
      const head = data.slice(0, data.indexOf('\r\n\r\n'));
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0),
        location: /\r\nlocation: ([^\r]*)/i.exec(head)?.[1] ?? null,
        head,
      });
    });
  });
}

/** Redirects a browser would follow off the site, and one (Cyrillic) a header cannot carry raw. */
const HOSTILE_REDIRECTS = ['/%5cevil.example/index.html', '/%5Cevil.example/', '/%09/evil.example/', '/a%0d%0aSet-Cookie:%20x=1/'];

/** A Location is a path of this site, percent-encoded: no second slash or backslash at its start, nothing a header cannot carry. */
function expectSameSite(location: string | null, what: string): void {
  if (location === null) return;
  expect(location, what).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
}

describe('preview on hostile requests and a hostile folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vd-preview-hostile-'));
  let server: StaticServer;
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title>');
    writeFileSync(join(dir, '404.html'), '<!doctype html><title>not found</title>');
    mkdirSync(join(dir, 'docs', 'визит'), { recursive: true });
    writeFileSync(join(dir, 'docs', 'визит', 'index.html'), '<!doctype html><title>визит</title>');
    mkdirSync(join(dir, 'img'));
    writeFileSync(join(dir, 'img', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(dir, 'files'));
    writeFileSync(join(dir, 'files', 'report.zip'), Buffer.from('504b0304', 'hex'));
    // The README's way to withdraw offline reading: a worker with no precache list.
    writeFileSync(join(dir, 'sw.js'), 'self.registration.unregister();\n');
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ site: { analytics: { provider: 'yandex' } } }));
    server = await startStaticServer({ dir, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('redirects only to a percent-encoded path of the site, and never exits on a redirect (a Cyrillic path with a slash)', async () => {
    for (const path of HOSTILE_REDIRECTS) {
      const r = await rawGet(server.url, path);
      expect([301, 404], path).toContain(r.status);
      expectSameSite(r.location, path);
      expect(r.head, path).not.toMatch(/set-cookie/i);
    }
    const cyrillic = await rawGet(server.url, '/docs/%D0%B2%D0%B8%D0%B7%D0%B8%D1%82/?a=1');
    expect(cyrillic.status).toBe(301);
    expect(cyrillic.location).toBe('/docs/%D0%B2%D0%B8%D0%B7%D0%B8%D1%82?a=1');
    expect((await get(server.url, '/')).status).toBe(200);
  });

  it('serves a withdrawal service worker and a manifest that does not parse as they are, and goes on serving', async () => {
    const worker = await get(server.url, '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.body).toBe('self.registration.unregister();\n');
    writeFileSync(join(dir, 'manifest.json'), '{ not json');
    for (const path of ['/manifest.json', '/sw.js']) expect((await get(server.url, path)).status, path).toBe(200);
    expect((await get(server.url, '/manifest.json')).body).toBe('{ not json');
    expect((await get(server.url, '/')).status).toBe(200);
  });

  it('chooses the diagram policy from the decoded path, and sends a document as a download', async () => {
    expect((await get(server.url, '/%69mg/a.svg')).headers['content-security-policy']).toBe(DIAGRAM_POLICY);
    const zip = await get(server.url, '/files/report.zip');
    expect(zip.headers['content-disposition']).toBe('attachment');
    expect(zip.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(server.url, '/img/a.svg')).headers['content-disposition']).toBeUndefined();
  });
});

describe('dev', () => {
  const root = mkdtempSync(join(tmpdir(), 'vd-dev-hostile-'));
  const outside = mkdtempSync(join(tmpdir(), 'vd-outside-'));
  let server: DevServer;
  let browser: Browser | undefined;
  beforeAll(async () => {
    cpSync(join(ROOT, 'tests', 'fixtures', 'site-ok', 'content'), join(root, 'content'), { recursive: true });
    writeFileSync(join(outside, 'passwd'), SECRET);
    symlinkSync(join(outside, 'passwd'), join(root, 'content', 'static', 'passwd.txt'));
    writeFileSync(join(root, 'content', 'static', '.env'), SECRET);
    server = await startDevServer({ root, port: 0 });
    if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('answers only requests for this machine, its state included', async () => {
    const port = new URL(server.url).port;
    expect((await get(server.url, '/__vitrina/state', `localhost:${port}`)).status).toBe(200);
    for (const path of ['/__vitrina/state', '/__vitrina/events', '/docs/support', '/manifest.json']) {
      const r = await get(server.url, path, `rebind.evil.example:${port}`);
      expect(r.status, path).toBe(403);
      expect(r.body).not.toContain('"diagnostics"');
    }
  });

  it('serves no link and no hidden file of content/static, and sends the security headers', async () => {
    for (const path of ['/passwd.txt', '/.env']) {
      const r = await get(server.url, path);
      expect([403, 404], path).toContain(r.status);
      expect(r.body).not.toContain(SECRET);
    }
    // (This project has no built renderer: its pages carry no inline script, and none is allowed.
    // The "Try it" console may call the server of its OpenAPI description.)
    const policy = devPolicy([], ['https://api.vitrina.example']);
    for (const path of ['/docs/support', '/img/shelf.svg', '/manifest.json', '/__vitrina/dev-client.js'])
      expectSecurityHeaders((await get(server.url, path)).headers, path, path.endsWith('.svg') ? DIAGRAM_POLICY : policy);
  });

  it('redirects only to a percent-encoded path of the site, never exits on a redirect, and decodes the path before choosing the CSP', async () => {
    for (const path of [...HOSTILE_REDIRECTS, '/docs/%D0%B2%D0%B8%D0%B7%D0%B8%D1%82/']) {
      const r = await rawGet(server.url, path);
      expect([301, 404], path).toContain(r.status);
      expectSameSite(r.location, path);
    }
    expect((await rawGet(server.url, '/docs/%D0%B2%D0%B8%D0%B7%D0%B8%D1%82/')).location).toBe('/docs/%D0%B2%D0%B8%D0%B7%D0%B8%D1%82');
    expect((await get(server.url, '/docs/support')).status).toBe(200);
    expect((await get(server.url, '/%69mg/shelf.svg')).headers['content-security-policy']).toBe(DIAGRAM_POLICY);
  });

  it.skipIf(!existsSync(CHROMIUM))('shows a page past a limit in the browser overlay, with its file and line', async () => {
    const page = await browser!.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    try {
      await page.goto(`${server.url}/docs/support`);
      const file = join(root, 'content/docs/support/index.ru.md');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n${'>'.repeat(10_000)} deep\n`);
      const panel = page.locator('#vitrina-dev-diagnostics');
      await panel.waitFor({ timeout: 15_000 });
      await expect
        .poll(() => panel.textContent(), { timeout: 15_000 })
        .toMatch(/content\/docs\/support\/index\.ru\.md:\d+:1 nesting-too-deep/);
      // Drawn under the production CSP: the overlay's styles apply, nothing is refused.
      expect(await panel.evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
      expect(violations).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
