/**
 * The renderer as another app uses it, set up as the README says: `make packages`' tarballs,
 * the README's install lines run in empty folders with a fresh npm cache (the embedding app, the
 * search runtime, the CLI), the README's example app (tests/embed-app) built with its own Vite
 * and served by `vite preview` on another origin than the documentation site (nginx over dist/).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import type { HastRoot, RouteEntry } from '@vitrina-docs/schemas';
import { TOOLCHAIN } from '../helpers/packages.ts';
import { assertHarmless } from './assert-harmless.ts';
import { expect, markWindow, test, windowMarked, type Site } from './fixtures.ts';
import { freePort, REPO } from './nginx.ts';
import { readmeBlock, runLines, userEnv } from './readme-install.ts';

const BASE = '/embed-app/help';
const EXAMPLE_FILES = ['index.html', 'main.tsx', 'host.css', 'vite.config.ts'];

let work = '';
let app = '';
let appUrl = '';
let preview: number | undefined;
const bundled = new Set<string>();

test.describe.configure({ mode: 'serial' });

/** Waits until `url` answers. */
async function answering(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).status) return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(900_000);
  work = mkdtempSync(join(tmpdir(), 'vd-readme-'));
  const packages = join(work, 'packages');
  // `make packages`
  execFileSync(process.execPath, [join(REPO, 'scripts', 'make-packages.js'), packages], { cwd: REPO, stdio: 'ignore' });
  const env = userEnv(join(work, 'npm-cache'), { VITRINA_DOCS_PACKAGES: packages });

  app = join(work, 'app');
  mkdirSync(app);
  runLines(readmeBlock('install', 'embed-app'), app, env);
  for (const file of EXAMPLE_FILES) copyFileSync(join(REPO, 'tests', 'embed-app', file), join(app, file));
  runLines(readmeBlock('build', 'embed-app'), app, { ...env, VITE_DOCS_SITE: baseURL! });

  // PageBody alone with a hostile body: a test page of this repository, built beside the app,
  // with the modules of both pages listed for the bundle test.
  for (const file of ['hostile.html', 'hostile.tsx', 'hostile-body.ts'])
    copyFileSync(join(REPO, 'tests', 'embed-app', file), join(app, file));
  const result = (await build({
    configFile: false,
    root: app,
    logLevel: 'warn',
    plugins: [react()],
    define: { 'import.meta.env.VITE_DOCS_SITE': JSON.stringify(baseURL) },
    build: {
      outDir: join(app, 'dist'),
      emptyOutDir: false,
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

  // `npx vite preview`, on a free port of 127.0.0.1: another origin than the site's.
  const port = await freePort();
  const child = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: app,
    env,
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  preview = child.pid;
  appUrl = `http://127.0.0.1:${port}`;
  await answering(`${appUrl}/`);
});

test.afterAll(() => {
  if (preview) {
    try {
      process.kill(-preview, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await page.route(`${appUrl}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
});

test('the README’s lines install the search runtime and the CLI into empty folders, and their examples run', ({ baseURL, site }) => {
  const env = userEnv(join(work, 'npm-cache'), { VITRINA_DOCS_PACKAGES: join(work, 'packages') });
  // A chatbot: the search runtime and the README's example, unchanged, over the site on nginx.
  const bot = join(work, 'bot');
  mkdirSync(bot);
  runLines(readmeBlock('install', 'search'), bot, env);
  const lock = readFileSync(join(bot, 'package-lock.json'), 'utf8');
  for (const name of [...TOOLCHAIN, 'react', 'unified', '@vitrina-docs/renderer'])
    expect(lock, name).not.toContain(`"node_modules/${name}"`);
  copyFileSync(join(REPO, 'tests', 'search', 'runtime-client.mjs'), join(bot, 'search.mjs'));
  const ask = (...args: string[]) =>
    JSON.parse(execFileSync('node', ['search.mjs', ...args], { cwd: bot, env, encoding: 'utf8' })) as { url: string; version: string }[];
  const ru = ask(baseURL!, 'как начать визит');
  expect(ru[0]!.url).toMatch(/\/docs\/mobile\/ic3\/visits\/start(#|$)/);
  expect(ask(site.dist, 'start a visit', 'ic2')[0]).toMatchObject({ version: 'ic2' });

  // Another documentation project: the CLI checks and builds its content.
  const docs = join(work, 'docs');
  mkdirSync(docs);
  cpSync(join(REPO, 'tests', 'fixtures', 'site-ok', 'content'), join(docs, 'content'), { recursive: true });
  runLines(readmeBlock('install', 'cli'), docs, env);
  expect(readdirSync(join(docs, 'dist', 'search')).some((f) => f.endsWith('.entry.json'))).toBe(true);
  expect(Object.keys(JSON.parse(readFileSync(join(docs, 'dist', 'manifest.json'), 'utf8')) as object)).toContain('locales');
});

test('installs without the toolchain; the bundle adds the renderer and hast-util-to-jsx-runtime to React', () => {
  // What the app ships with (its dependencies, not Vite's devDependencies).
  type Tree = { dependencies?: Record<string, Tree> };
  const installed = new Set<string>();
  const walk = (t: Tree) => {
    for (const [name, sub] of Object.entries(t.dependencies ?? {})) {
      if (installed.has(name)) continue;
      installed.add(name);
      walk(sub);
    }
  };
  walk(JSON.parse(execFileSync('npm', ['ls', '--all', '--omit=dev', '--json'], { cwd: app, encoding: 'utf8' })) as Tree);
  expect(installed).toContain('hast-util-to-jsx-runtime');
  for (const name of [...TOOLCHAIN, '@vitrina-docs/search', 'elasticlunr', 'rehype-react', 'unified'])
    expect(installed, name).not.toContain(name);
  const react = ['react', 'react-dom', 'scheduler', 'react-router', 'cookie-es', '@remix-run/route-pattern'];
  const renderer = ['@vitrina-docs/renderer', '@vitrina-docs/schemas/lib/paths.js', '@vitrina-docs/schemas/lib/locale-codes.js'];
  // hast-util-to-jsx-runtime, and what it imports.
  const toJsx = [
    'vfile-message',
    'unist-util-stringify-position',
    'hast-util-to-jsx-runtime',
    'comma-separated-tokens',
    'devlop',
    'estree-util-is-identifier-name',
    'hast-util-whitespace',
    'property-information',
    'space-separated-tokens',
    'style-to-object',
    'inline-style-parser',
    'unist-util-position',
    'unist-util-stringify-position',
    'vfile-message',
  ];
  const allowed = new Set([...react, ...renderer, ...toJsx]);
  expect([...bundled].filter((m) => !allowed.has(m)).sort(), 'bundled beyond React, the renderer and hast-util-to-jsx-runtime').toEqual([]);
  expect(bundled).toContain('hast-util-to-jsx-runtime');
  expect(bundled).not.toContain('unified');
  expect(bundled).toContain('@vitrina-docs/renderer');
});

test('shows a site page from another origin with the site’s look; anchors, copy, dark mode and an override work', async ({
  page,
  site,
}) => {
  test.setTimeout(90_000);
  const PAGE = '/en/docs/api/backend/auth';
  const data = site.page(PAGE);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${appUrl}${BASE}${PAGE}`);
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
  // The build's code highlighting stylesheet, from the site's origin: a highlighted token has its colour.
  const token = doc.locator('pre.hl span[class^="hl-"]').first();
  expect(await token.evaluate((e) => getComputedStyle(e).getPropertyValue('--hl-light'))).not.toBe('');

  // A component override: the host's frame around the page's tables.
  await expect(doc.locator('.host-table-frame > table').first()).toBeVisible();

  // Copy: the code block's button copies its code.
  const block = doc.locator('figure.code-block').first();
  await block.locator('.code-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await block.locator('pre').innerText());

  // Dark mode, scoped to the page.
  await page.getByRole('button', { name: 'Dark documentation' }).click();
  await expect(doc).toHaveAttribute('data-theme', 'dark');
  expect(await doc.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(21, 23, 28)');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
});

/** The kinds of internal link a page body has. */
type Kind = 'same sidebar' | 'other sidebar' | 'other version' | 'other locale' | 'anchor here' | 'anchor elsewhere';
type DocRoute = Extract<RouteEntry, { kind: 'doc' }>;

/** The route a site path leads to (redirects followed). */
function target(site: Site, path: string): RouteEntry | undefined {
  let route = site.routes.find((r) => r.path === path);
  for (let i = 0; route?.kind === 'redirect' && i < 5; i++) {
    const to = route.to;
    route = site.routes.find((r) => r.path === to);
  }
  return route;
}

function bodyHrefs(body: HastRoot): string[] {
  const out: string[] = [];
  const walk = (node: { type: string; tagName?: string; properties?: Record<string, unknown>; children?: unknown[] }) => {
    if (node.type === 'element' && node.tagName === 'a' && typeof node.properties?.href === 'string') out.push(node.properties.href);
    for (const child of node.children ?? []) walk(child as never);
  };
  walk(body as never);
  return out;
}

/** The kinds of a link from `from`, given the route it leads to. */
function kindsOf(site: Site, from: DocRoute, href: string): Kind[] {
  if (href.startsWith('#')) return ['anchor here'];
  if (!href.startsWith('/')) return [];
  const [path, hash] = href.split('#') as [string, string | undefined];
  const to = target(site, path);
  if (to?.kind !== 'doc') return [];
  const kinds: Kind[] = [];
  if (to.locale !== from.locale) kinds.push('other locale');
  else if (to.sidebar !== from.sidebar) kinds.push('other sidebar');
  else if (to.version !== from.version && to.version && from.version) kinds.push('other version');
  else if (to.path !== from.path) kinds.push('same sidebar');
  if (hash && to.path !== from.path) kinds.push('anchor elsewhere');
  if (hash && to.path === from.path) kinds.push('anchor here');
  return kinds;
}

/** One page of each sidebar and version in each locale, and for each kind of link a page that has one. */
let sampled: { pages: DocRoute[]; byKind: Map<Kind, { from: DocRoute; href: string }> } | undefined;
function samples(site: Site): { pages: DocRoute[]; byKind: Map<Kind, { from: DocRoute; href: string }> } {
  if (sampled) return sampled;
  const docs = site.routes.filter((r): r is DocRoute => r.kind === 'doc');
  const pages = new Map<string, DocRoute>();
  const byKind = new Map<Kind, { from: DocRoute; href: string }>();
  for (const route of docs) {
    const hrefs = bodyHrefs(site.page(route.path).body);
    const key = `${route.locale} ${route.sidebar} ${route.version ?? ''}`;
    const kinds = hrefs.map((href) => ({ href, kinds: kindsOf(site, route, href) }));
    if (!pages.has(key) && kinds.some((k) => k.kinds.length)) pages.set(key, route);
    for (const { href, kinds: ks } of kinds) for (const kind of ks) if (!byKind.has(kind)) byKind.set(kind, { from: route, href });
  }
  return (sampled = { pages: [...pages.values()], byKind });
}

/** Navigates the app in place (its router follows popstate), as a link inside the app would. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('every internal link of a page of each sidebar stays in the app, its target’s chunk loaded or not', async ({
  page,
  site,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { pages } = samples(site);
  expect(new Set(pages.map((p) => `${p.locale} ${p.sidebar}`)).size).toBeGreaterThanOrEqual(12);
  await page.goto(`${appUrl}${BASE}${pages[0]!.path}`);
  // Twice: first with the chunks of the sidebars not visited yet not loaded, then with all loaded.
  for (const round of [1, 2]) {
    for (const route of pages) {
      await go(page, `${BASE}${route.path}`);
      await expect(page.locator('.vd-doc-page h1')).toHaveText(site.page(route.path).title);
      const drawn = await page.locator('.vd-doc-page .doc-body a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      for (const href of bodyHrefs(site.page(route.path).body)) {
        if (!href.startsWith('/')) continue;
        const to = target(site, href.split('#')[0]!);
        const expected = to?.kind === 'doc' ? `${BASE}${href}` : `${baseURL}${href}`;
        expect(drawn, `round ${round}: ${route.path} → ${href}`).toContain(expected);
      }
    }
  }
});

test('a click on each kind of internal link stays in the app, without a reload', async ({ page, site }) => {
  test.setTimeout(300_000);
  const { byKind } = samples(site);
  expect([...byKind.keys()].sort()).toEqual(
    (['same sidebar', 'other sidebar', 'other version', 'anchor here', 'anchor elsewhere'] as Kind[])
      .concat(byKind.has('other locale') ? ['other locale'] : [])
      .sort(),
  );
  for (const [kind, { from, href }] of byKind) {
    const [path, hash] = href.split('#') as [string, string | undefined];
    const to = path ? target(site, path)! : from;
    // Not loaded: the target's chunk is not loaded yet (unless it is the page's own); loaded: the
    // target was visited in the app before coming back.
    for (const loaded of [false, true]) {
      await page.goto(`${appUrl}${BASE}${from.path}`);
      await expect(page.locator('.vd-doc-page h1')).toHaveText(site.page(from.path).title);
      if (loaded) {
        await go(page, `${BASE}${to.path}`);
        await expect(page.locator('.vd-doc-page h1')).toHaveText(site.page(to.path).title);
        await page.goBack();
        await expect(page.locator('.vd-doc-page h1')).toHaveText(site.page(from.path).title);
      }
      await markWindow(page);
      const drawnHref = href.startsWith('#') ? href : `${BASE}${href}`;
      const link = page.locator(`.vd-doc-page .doc-body a[href="${drawnHref}"]`).first();
      await link.click();
      const where = `${kind}, ${loaded ? 'loaded' : 'not loaded'}: ${from.path} → ${href}`;
      await expect(page, where).toHaveURL(`${appUrl}${BASE}${href.startsWith('#') ? from.path + href : href}`);
      await expect(page.locator('.vd-doc-page h1'), where).toHaveText(site.page(to.path).title);
      if (hash) await expect(page.locator(`[id="${decodeURIComponent(hash)}"]`), where).toBeInViewport();
      expect(await windowMarked(page), `${where}: no reload`).toBe(true);
    }
  }
});

test('a site that does not answer is an error the app shows, not an unhandled rejection', async ({ page, pageErrors }) => {
  await page.route('**/manifest.json', (route) => route.abort('failed'));
  await page.goto(`${appUrl}${BASE}/docs/mobile`);
  await expect(page.getByRole('alert')).toContainText('The documentation did not load: could not fetch');
  await expect(page.getByRole('alert')).toContainText('/manifest.json');
  // The browser reports the failed request; nothing else: no uncaught error or rejection.
  expect(pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  pageErrors.length = 0;
});

test('passes axe, in both colour modes', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${appUrl}${BASE}/en/docs/api/backend/auth`);
  await expect(page.locator('.vd-doc-page h1')).toBeVisible();
  for (const mode of ['light', 'dark']) {
    if (mode === 'dark') await page.getByRole('button', { name: 'Dark documentation' }).click();
    // axe re-reads the page's stylesheets with XHR (preload), which the site's CSS on another
    // origin does not allow (only its JSON is opened to other origins); the page's styles apply as drawn.
    const results = await new AxeBuilder({ page }).include('.vd-doc-page').options({ preload: false }).analyze();
    expect(results.violations.map((v) => `${mode} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('PageBody draws a hostile body harmless outside the site too', async ({ page, pageErrors }) => {
  test.setTimeout(90_000);
  await page.goto(`${appUrl}/hostile.html`);
  await assertHarmless(page, '#bare');
  pageErrors.length = 0; // the hostile body's broken image "x"
});
