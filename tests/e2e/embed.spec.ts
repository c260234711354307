/**
 * The renderer as another app uses it: tests/embed-app (the README's embedding guide), with the
 * packed @vitrina-docs/renderer installed into a fresh folder, built with Vite, and served under
 * /embed-app/ on the built site's origin (where it fetches the site's manifest and pages).
 */
import { AxeBuilder } from '@axe-core/playwright';
import react from '@vitejs/plugin-react';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { installFresh, packWorkspaces, TOOLCHAIN } from '../helpers/packages.ts';
import { assertHarmless } from './assert-harmless.ts';
import { expect, markWindow, test } from './fixtures.ts';
import { REPO } from './nginx.ts';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const PAGE = '/en/docs/api/backend/auth';

let app = '';
let out = '';
const bundled = new Set<string>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const packs = packWorkspaces();
  const deps = (JSON.parse(readFileSync(join(REPO, 'tests/embed-app/package.json'), 'utf8')) as { dependencies: Record<string, string> })
    .dependencies;
  app = installFresh(
    'embed-app',
    { ...deps, '@vitrina-docs/renderer': `file:${packs['@vitrina-docs/renderer']}` },
    {
      '@vitrina-docs/schemas': packs['@vitrina-docs/schemas'],
    },
  );
  rmSync(join(packs['@vitrina-docs/renderer'], '..'), { recursive: true, force: true });
  cpSync(join(REPO, 'tests/embed-app'), app, { recursive: true, filter: (from) => !from.endsWith('package.json') });
  out = mkdtempSync(join(tmpdir(), 'vd-embed-dist-'));
  const result = (await build({
    configFile: false,
    root: app,
    base: '/embed-app/',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir: out,
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: { input: { main: join(app, 'index.html'), hostile: join(app, 'hostile.html') } },
    },
  })) as Rolldown.RolldownOutput;
  for (const chunk of result.output) {
    if (chunk.type !== 'chunk') continue;
    for (const id of chunk.moduleIds) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(id);
      if (m) bundled.add(m[1] === '@vitrina-docs/schemas' ? `${m[1]}/${m[2]}` : m[1]!);
    }
  }
});

test.afterAll(() => {
  for (const dir of [app, out]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  // The app's files, and its index.html for every other path under /embed-app/ (its router's routes).
  await page.route('**/embed-app/**', (route) => {
    const rel = new URL(route.request().url()).pathname.replace('/embed-app/', '');
    const file = join(out, rel);
    const found = rel && existsSync(file) && extname(file) ? file : join(out, 'index.html');
    return route.fulfill({ body: readFileSync(found), contentType: TYPES[extname(found)] ?? 'application/octet-stream' });
  });
});

test('installs without the toolchain; the bundle adds the renderer and hast-util-to-jsx-runtime to React', () => {
  const installed = readFileSync(join(app, 'package-lock.json'), 'utf8');
  for (const name of [...TOOLCHAIN, '@vitrina-docs/search', 'elasticlunr']) expect(installed, name).not.toContain(`"node_modules/${name}"`);
  const react = ['react', 'react-dom', 'scheduler', 'react-router', 'cookie-es', '@remix-run/route-pattern'];
  const renderer = ['@vitrina-docs/renderer', '@vitrina-docs/schemas/lib/paths.js', '@vitrina-docs/schemas/lib/locale-codes.js'];
  // hast-util-to-jsx-runtime, and what it imports.
  const toJsx = [
    'devlop',
    'vfile-message',
    'unist-util-stringify-position',
    'hast-util-to-jsx-runtime',
    'comma-separated-tokens',
    'estree-util-is-identifier-name',
    'hast-util-whitespace',
    'property-information',
    'space-separated-tokens',
    'style-to-object',
    'inline-style-parser',
    'unist-util-position',
  ];
  const allowed = new Set([...react, ...renderer, ...toJsx]);
  expect([...bundled].filter((m) => !allowed.has(m)).sort(), 'bundled beyond React, the renderer and hast-util-to-jsx-runtime').toEqual([]);
  expect(bundled).toContain('hast-util-to-jsx-runtime');
  expect(bundled).not.toContain('unified');
  expect(bundled).toContain('@vitrina-docs/renderer');
});

test('shows a site page with the site’s look; links, anchors, copy, dark mode and an override work', async ({
  page,
  site,
  browserName,
}) => {
  const data = site.page(PAGE);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/embed-app/help${PAGE}`);
  const doc = page.locator('.vd-root.vd-doc-page');
  await expect(doc.locator('h1')).toHaveText(data.title);
  await expect(doc.locator('.doc-body h2[id]').first()).toBeVisible();
  // The host's own elements keep their look; the page has the renderer's.
  const host = await page.evaluate(() => {
    const s = (sel: string) => getComputedStyle(document.querySelector(sel)!);
    return {
      body: s('body').fontFamily,
      h2: s('h2.host-title').color,
      size: s('h2.host-title').fontSize,
      table: s('table.host-table').borderTopWidth,
    };
  });
  expect(host).toEqual({ body: 'serif', h2: 'rgb(200, 0, 0)', size: '40px', table: '3px' });
  expect(await doc.evaluate((e) => getComputedStyle(e).fontFamily)).toContain('system-ui');
  // The build's code highlighting stylesheet is loaded: a highlighted token has its colour.
  const token = doc.locator('pre.hl span[class^="hl-"]').first();
  expect(await token.evaluate((e) => getComputedStyle(e).getPropertyValue('--hl-light'))).not.toBe('');

  // A component override: the host's frame around the page's tables.
  await expect(doc.locator('.host-table-frame > table').first()).toBeVisible();

  // Copy: the code block's button copies its code.
  const block = doc.locator('figure.code-block').first();
  await block.locator('.code-copy').click();
  if (browserName === 'chromium')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await block.locator('pre').innerText());

  // Anchor: a table-of-contents link scrolls to its section, in this page.
  await markWindow(page);
  const tocLink = doc.locator('.toc a').nth(1);
  const anchor = (await tocLink.getAttribute('href'))!;
  await tocLink.click();
  await expect(page).toHaveURL(new RegExp(`${anchor}$`));
  await expect(page.locator(anchor)).toBeInViewport();

  // Dark mode, scoped to the page.
  await page.getByRole('button', { name: 'Dark documentation' }).click();
  await expect(doc).toHaveAttribute('data-theme', 'dark');
  expect(await doc.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(21, 23, 28)');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');

  // An internal link goes through the host's router: no reload, the host's URL, the other page.
  const link = doc.locator('.doc-body a[href^="/embed-app/help/en/docs/"]').first();
  const href = (await link.getAttribute('href'))!;
  const target = href.replace('/embed-app/help', '').split('#')[0]!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/embed-app/help${target}`));
  await expect(doc.locator('h1')).toHaveText(site.page(target).title);
  expect(await page.evaluate(() => (window as unknown as { __vdMark?: number }).__vdMark)).toBe(42);
});

test('passes axe, in both colour modes', async ({ page }) => {
  await page.goto(`/embed-app/help${PAGE}`);
  await expect(page.locator('.vd-doc-page h1')).toBeVisible();
  for (const mode of ['light', 'dark']) {
    if (mode === 'dark') await page.getByRole('button', { name: 'Dark documentation' }).click();
    const results = await new AxeBuilder({ page }).include('.vd-doc-page').analyze();
    expect(results.violations.map((v) => `${mode} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('PageBody draws a hostile body harmless outside the site too', async ({ page, pageErrors }) => {
  await page.goto('/embed-app/hostile.html');
  await assertHarmless(page, '#bare');
  pageErrors.length = 0; // the hostile body's broken image "x"
});
