/**
 * Markdown on request: a page URL asked for with `Accept: text/markdown` (as AI agents ask)
 * answers the page's markdown, from the production nginx configuration and from
 * `vitrina-docs preview`; the HTML names the markdown in a Link header and a <link> element.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { distDir, REPO } from './nginx.ts';
import { expect, test } from './fixtures.ts';

const AGENT = 'text/markdown, text/html;q=0.9, */*;q=0.8';

let preview: ChildProcess | null = null;
let previewUrl = '';

test.beforeAll(async () => {
  // (The CLI may start from the TypeScript sources: slower than a test on a loaded machine.)
  test.setTimeout(180_000);
  preview = spawn(process.execPath, [join(REPO, 'bin', 'vitrina-docs.js'), 'preview', '--port', '0', '--dir', distDir()], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  previewUrl = await new Promise<string>((resolve, reject) => {
    let err = '';
    preview!.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(err);
      if (m) resolve(m[1]!);
    });
    preview!.once('exit', (code) => reject(new Error(`preview exited (${code}): ${err}`)));
  });
});

test.afterAll(() => {
  if (preview?.pid) process.kill(preview.pid);
});

for (const server of ['nginx', 'preview'] as const) {
  test.describe(`markdown on request from ${server}`, () => {
    const url = (baseURL: string | undefined, path: string) => `${server === 'nginx' ? baseURL : previewUrl}${path}`;

    test('a page asked for with Accept: text/markdown answers its markdown, in both locales', async ({ request, baseURL }) => {
      for (const [path, title] of [
        ['/en/docs/mobile/ic3/visits/start', '# Start a visit\n'],
        ['/docs/mobile/ic3/visits/start', '# Начало визита\n'],
      ] as const) {
        const res = await request.get(url(baseURL, path), { headers: { accept: AGENT }, maxRedirects: 0 });
        expect(res.status(), path).toBe(200);
        expect(res.headers()['content-type']).toMatch(/^text\/markdown/);
        expect(res.headers().vary).toMatch(/(^|[\s,])Accept($|[\s,])/);
        const text = await res.text();
        expect(text.startsWith(title), text.slice(0, 80)).toBe(true);
        expect(text).not.toMatch(/:fact\[|\{#[\w-]+\}/);
      }
      const api = await request.get(url(baseURL, '/en/docs/api/backend/methods/v1.5/catalog/brands'), {
        headers: { accept: 'text/markdown' },
      });
      expect(await api.text()).toMatch(/## API operation: `brands`\n\n`GET https:\/\/[^`]+\/catalog\/brands`/);
    });

    test('a browser gets the HTML, which names the markdown in a Link header and a <link>', async ({ request, baseURL }) => {
      const res = await request.get(url(baseURL, '/en/docs/mobile/ic3/visits/start'), {
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(res.headers()['content-type']).toContain('text/html');
      expect(res.headers().link).toBe('</en/docs/mobile/ic3/visits/start.md>; rel="alternate"; type="text/markdown"');
      expect(res.headers().vary).toMatch(/(^|[\s,])Accept($|[\s,])/);
      expect(await res.text()).toContain('<link rel="alternate" type="text/markdown" href="/en/docs/mobile/ic3/visits/start.md">');
      // A weight of 0 refuses markdown.
      const refused = await request.get(url(baseURL, '/docs/mobile'), { headers: { accept: 'text/markdown;q=0, text/html' } });
      expect(refused.headers()['content-type']).toContain('text/html');
    });

    test('pages without markdown stay HTML; unknown paths stay 404; llms.txt per locale', async ({ request, baseURL }) => {
      for (const path of ['/', '/search']) {
        const res = await request.get(url(baseURL, path), { headers: { accept: AGENT } });
        expect(res.status(), path).toBe(200);
        expect(res.headers()['content-type'], path).toContain('text/html');
        expect(res.headers().link, path).toBeUndefined();
      }
      expect((await request.get(url(baseURL, '/no/such/page'), { headers: { accept: AGENT } })).status()).toBe(404);
      for (const path of ['/llms.txt', '/en/llms.txt', '/llms-full.txt', '/en/llms-full.txt']) {
        const res = await request.get(url(baseURL, path));
        expect(res.status(), path).toBe(200);
        expect(await res.text(), path).toMatch(/^# /);
      }
    });
  });
}
