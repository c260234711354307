/** The public renderer entry inside a separate minimal React app (tests/e2e/embed-app). */
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { build } from 'vite';
import { expect, test } from './fixtures.ts';
import { assertHarmless } from './assert-harmless.ts';
import { REPO } from './nginx.ts';

const OUT = join(REPO, '.cache', 'e2e-embed');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

test.beforeAll(async () => {
  await build({
    configFile: false,
    root: join(REPO, 'tests/e2e/embed-app'),
    base: '/embed-app/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: OUT, emptyOutDir: true, target: 'es2022' },
  });
});

test.beforeEach(async ({ page }) => {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  // The app is served from the build folder under /embed-app/ on the site's origin (for its fetches).
  await page.route('**/embed-app/**', (route) => {
    const path = new URL(route.request().url()).pathname.replace('/embed-app/', '') || 'index.html';
    const file = join(OUT, path === '' ? 'index.html' : path);
    if (!existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ body: readFileSync(file), contentType: TYPES[extname(file)] ?? 'application/octet-stream' });
  });
});

test('a page JSON drawn in another React app: content, scoped styles, links handed to the host', async ({ page, site, pageErrors }) => {
  const path = '/en/docs/api/backend/methods/v1.5/catalog/brands';
  const data = site.page(path);
  await page.goto(`/embed-app/index.html?page=${encodeURIComponent(site.dataUrl(path))}`);
  const doc = page.locator('#doc .vd-root');
  await expect(doc.locator('h1')).toHaveText(data.title);
  await expect(doc.locator('.endpoint .method-badge')).toHaveText(data.operation!.method);
  await expect(doc.locator('.endpoint-url')).toHaveText(data.operation!.url);
  await expect(doc.locator('#api-parameters + .table-scroll tbody tr')).toHaveCount(data.operation!.parameters.length);
  await expect(doc.locator('.doc-body h2[id]').first()).toBeVisible();
  await expect(doc.locator('figure.code-block .code-copy').first()).toBeAttached();
  // Styles do not leak: the host's elements keep their own look…
  const host = await page.evaluate(() => {
    const s = (sel: string) => getComputedStyle(document.querySelector(sel)!);
    return {
      bodyFont: s('body').fontFamily,
      bodyMargin: s('body').margin,
      bodyBackground: s('body').backgroundColor,
      h2: s('h2.host-title').color,
      h2Size: s('h2.host-title').fontSize,
      tableBorder: s('table.host-table').borderTopWidth,
      cellPadding: s('table.host-table td').paddingTop,
    };
  });
  expect(host).toEqual({
    bodyFont: 'serif',
    bodyMargin: '8px',
    bodyBackground: 'rgba(0, 0, 0, 0)',
    h2: 'rgb(200, 0, 0)',
    h2Size: '40px',
    tableBorder: '3px',
    cellPadding: '1px',
  });
  // …while the embedded page has the renderer's.
  expect(await doc.evaluate((e) => getComputedStyle(e).fontFamily)).toContain('system-ui');
  // Internal links go to the host's onNavigate instead of loading a page.
  const link = doc.locator('.doc-body a[href^="/en/docs/"]').first();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(/\/embed-app\/index\.html/);
  expect(await page.evaluate(() => (window as unknown as { navigated: string[] }).navigated)).toEqual([href]);
  // Dark mode is scoped too.
  await doc.evaluate((e) => e.setAttribute('data-theme', 'dark'));
  expect(await doc.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(21, 23, 28)');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  pageErrors.length = 0; // the hostile body's broken image "x" on the same page
});

test('PageBody draws a hostile body harmless outside the site too', async ({ page, site, pageErrors }) => {
  await page.goto(`/embed-app/index.html?page=${encodeURIComponent(site.dataUrl('/docs/mobile'))}`);
  await assertHarmless(page, '#bare');
  pageErrors.length = 0; // the broken image "x"
});
