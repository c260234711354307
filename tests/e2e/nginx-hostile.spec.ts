/**
 * The production nginx configuration on a folder that holds what must never be served: hidden
 * files and folders, and symbolic links to files and folders outside it (a second nginx, on a
 * scratch copy of a few files of the built site).
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { distDir, startNginx } from './nginx.ts';

const SECRET = 'SECRET-9d41: this text lives outside the site';

/** The head of nginx's answer to a request line sent byte for byte as written (no client re-encodes it). */
function rawHead(port: number, target: string): Promise<{ status: number; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => (data += c));
    socket.on('error', reject);
    socket.on('end', () => {
      const head = data.slice(0, data.indexOf('\r\n\r\n'));
      // Split on CRLF only: a lone CR or LF inside a header is what a header injection leaves.
      const lines = head.split('\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(lines[0] ?? '')?.[1] ?? 0), lines });
    });
  });
}

test.describe('nginx refuses hidden files and links out of the root', () => {
  let root = '';
  let outside = '';
  let nginx: { pid: number; port: number } | null = null;
  test.beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'vd-nginx-root-'));
    outside = mkdtempSync(join(tmpdir(), 'vd-nginx-outside-'));
    // Readable by nginx's worker user, the secret too: only the configuration keeps it out.
    chmodSync(root, 0o755);
    chmodSync(outside, 0o755);
    for (const f of ['index.html', '404.html', 'manifest.json']) copyFileSync(join(distDir(), f), join(root, f));
    // The build's CSP directive, which the configuration includes.
    mkdirSync(join(root, '_deploy', 'nginx'), { recursive: true });
    copyFileSync(join(distDir(), '_deploy', 'nginx', 'csp.conf'), join(root, '_deploy', 'nginx', 'csp.conf'));
    mkdirSync(join(root, 'img'));
    writeFileSync(join(root, 'img', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(root, 'img', 'photo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    mkdirSync(join(root, 'files'));
    writeFileSync(join(root, 'files', 'report.zip'), Buffer.from('504b0304', 'hex'));
    writeFileSync(join(root, 'files', 'prices.csv'), 'sku,price\n1,2\n');
    writeFileSync(join(root, '.env'), SECRET);
    mkdirSync(join(root, '.git'));
    writeFileSync(join(root, '.git', 'config'), SECRET);
    mkdirSync(join(root, '.well-known'));
    writeFileSync(join(root, '.well-known', 'security.txt'), 'Contact: mailto:security@vitrina.example\n');
    writeFileSync(join(outside, 'passwd'), SECRET);
    writeFileSync(join(outside, 'index.html'), SECRET);
    symlinkSync(join(outside, 'passwd'), join(root, 'passwd.txt'));
    symlinkSync(join(outside, 'passwd'), join(root, 'img', 'b.svg'));
    symlinkSync(outside, join(root, 'linked'));
    nginx = await startNginx(root);
  });
  test.afterAll(() => {
    if (nginx) process.kill(nginx.pid, 'SIGTERM');
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  test('hidden files and folders: 403, with the security headers; /.well-known/ is served', async ({ request }) => {
    const base = `http://127.0.0.1:${nginx!.port}`;
    for (const path of ['/.env', '/.git/config', '/.git/', '/img/.env', '/.well-known/../.env']) {
      const r = await request.get(base + path, { maxRedirects: 0 });
      expect(r.status(), path).toBe(403);
      expect(await r.text()).not.toContain(SECRET);
      expect(r.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(r.headers()['content-security-policy'], path).toContain("default-src 'self'");
    }
    const wellKnown = await request.get(`${base}/.well-known/security.txt`);
    expect(wellKnown.status()).toBe(200);
    expect(await wellKnown.text()).toContain('security@vitrina.example');
  });

  test('symbolic links to files and folders outside the root are not followed', async ({ request }) => {
    const base = `http://127.0.0.1:${nginx!.port}`;
    for (const path of ['/passwd.txt', '/img/b.svg', '/linked/passwd', '/linked']) {
      const r = await request.get(base + path, { maxRedirects: 0 });
      expect([403, 404], path).toContain(r.status());
      expect(await r.text(), path).not.toContain(SECRET);
    }
    expect((await request.get(`${base}/img/a.svg`)).status()).toBe(200);
  });

  test('a crafted path puts no header into a redirect: CR and LF get a 404, not a Set-Cookie', async () => {
    for (const path of [
      '/a%0dSet-Cookie:%20sid=attacker;%20Domain=vitrina.test;%20Path=/docs/index',
      '/a%0aSet-Cookie:%20sid=attacker/',
      '/a%0d%0aSet-Cookie:%20sid=attacker/index.html',
    ]) {
      const r = await rawHead(nginx!.port, path);
      expect(r.status, path).toBe(404);
      expect(
        r.lines.filter((l) => /set-cookie/i.test(l)),
        path,
      ).toEqual([]);
      expect(
        r.lines.every((l) => !/[\r\n]/.test(l)),
        path,
      ).toBe(true);
    }
  });

  test('redirects stay on the site: a backslash, a tab or a space in the path gets no redirect', async () => {
    for (const path of ['/%5cevil.example/index.html', '/%5Cevil.example/', '/%09/evil.example/', '/%20/evil.example/index', '/a%5c/']) {
      const r = await rawHead(nginx!.port, path);
      expect(r.status, path).toBe(404);
      expect(
        r.lines.some((l) => /^location:/i.test(l)),
        path,
      ).toBe(false);
    }
    // The plain redirects are unchanged.
    const plain = await rawHead(nginx!.port, '/files/index.html');
    expect(plain.status).toBe(301);
    expect(plain.lines).toContain('Location: /files');
  });

  test('documents and archives are downloads, never pages; images are shown; nosniff on both', async ({ request }) => {
    const base = `http://127.0.0.1:${nginx!.port}`;
    for (const path of ['/files/report.zip', '/files/prices.csv']) {
      const r = await request.get(base + path);
      expect(r.status(), path).toBe(200);
      expect(r.headers()['content-disposition'], path).toBe('attachment');
      expect(r.headers()['x-content-type-options'], path).toBe('nosniff');
    }
    const image = await request.get(`${base}/img/photo.png`);
    expect(image.headers()['content-disposition']).toBeUndefined();
    expect(image.headers()['x-content-type-options']).toBe('nosniff');
  });
});
