/**
 * The production nginx configuration on a folder that holds what must never be served: hidden
 * files and folders, and symbolic links to files and folders outside it (a second nginx, on a
 * scratch copy of a few files of the built site).
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { distDir, startNginx } from './nginx.ts';

const SECRET = 'SECRET-9d41: this text lives outside the site';

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
});
