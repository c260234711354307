/**
 * Offline reading (the service worker): after one visit, the mobile manual of both versions, the
 * support pages and the search over them open without a network, by link and by a full load; a
 * page outside that set shows the site's own "not available offline" message; page views made
 * offline wait and are sent when the network is back; a new deploy replaces the kept files as a
 * whole, never mixing two builds.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { LocaleCode, Manifest, RouteEntry } from '@vitrina-docs/schemas';
import { expect, hydrated, test, type Site } from './fixtures.ts';
import { distDir, REPO, startNginx } from './nginx.ts';

test.use({ serviceWorkers: 'allow' });

type DocRoute = Extract<RouteEntry, { kind: 'doc' }>;

/** Waits until a service worker controls the page and keeps these locales (its install, the precache, is complete). */
async function offlineReady(page: Page, locales: LocaleCode[]): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const url = navigator.serviceWorker.controller?.scriptURL;
      const kept = url ? (new URL(url).searchParams.get('locales') ?? '').split(',') : [];
      return wanted.every((l) => kept.includes(l));
    },
    locales,
    { timeout: 20_000 },
  );
}

function docs(site: Site, locale: LocaleCode, sidebar: string, version: string | null): DocRoute[] {
  return site.routes.filter(
    (r): r is DocRoute => r.kind === 'doc' && r.locale === locale && r.sidebar === sidebar && r.version === version,
  );
}

/** A page of the sidebar that the shown page's sidebar links to (other than `except`). */
async function sidebarLink(page: Page, routes: DocRoute[], except: string): Promise<DocRoute> {
  for (const route of routes) {
    if (route.path === except) continue;
    if (await page.locator(`.sidebar a[href="${route.path}"]`).count()) return route;
  }
  throw new Error(`the sidebar links to none of ${routes.length} routes`);
}

async function expectPage(page: Page, site: Site, path: string): Promise<void> {
  await expect(page.locator('main h1')).toHaveText(site.page(path).title);
  await expect(page).toHaveURL(path);
}

test.describe('offline reading', () => {
  test('the offline copy starts downloading only once the reader has stopped typing for a moment', async ({ page }) => {
    const workerRequests: number[] = [];
    page.context().on('request', (r) => {
      if (r.serviceWorker()) workerRequests.push(Date.now());
    });
    await page.goto('/docs/mobile/ic3/visits/start');
    await hydrated(page);
    const registered = () => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()));
    // Searching right after the page loaded, a letter every half second for four seconds.
    const input = page.locator('.navbar .search-box input');
    await input.click();
    for (const letter of 'распознавание'.slice(0, 8)) {
      await page.keyboard.type(letter);
      await page.waitForTimeout(500);
    }
    expect(await registered()).toBe(false);
    expect(workerRequests).toEqual([]);
    // Then the reader reads: the worker registers and keeps the site.
    await expect.poll(registered, { timeout: 15_000 }).toBe(true);
    await offlineReady(page, ['ru']);
  });

  test('after one visit, both versions of the mobile manual, the support pages and their search work offline', async ({
    page,
    context,
    site,
  }) => {
    test.setTimeout(90_000);
    const ui = site.manifest.locales.ru!.ui;
    const ic3 = docs(site, 'ru', 'mobile', 'ic3');
    const ic2 = docs(site, 'ru', 'mobile', 'ic2');
    const support = docs(site, 'ru', 'support', null);
    const start = ic3[0]!.path;

    // One visit, in both locales (each locale the reader opens is kept).
    await page.goto(start);
    await hydrated(page);
    await offlineReady(page, ['ru']);
    await page.goto(`/en${start}`);
    await hydrated(page);
    await offlineReady(page, ['en', 'ru']);
    await expect(page.locator('.offline-mark')).toBeVisible();
    await expect(page.locator('.offline-mark')).toContainText(site.manifest.locales.en!.ui.offline.available);
    await page.goto(start);
    await hydrated(page);
    await expect(page.locator('.offline-mark')).toBeVisible();
    await expect(page.locator('.offline-mark')).toContainText(ui.offline.available);

    await context.setOffline(true);

    // IC3 by link, IC2 by a full load and then by link, support by the navbar and by a reload.
    const next = await sidebarLink(page, ic3, start);
    await page.locator(`.sidebar a[href="${next.path}"]`).click();
    await expectPage(page, site, next.path);
    await page.goto(ic2[0]!.path);
    await expectPage(page, site, ic2[0]!.path);
    await hydrated(page);
    const old = await sidebarLink(page, ic2, ic2[0]!.path);
    await page.locator(`.sidebar a[href="${old.path}"]`).click();
    await expectPage(page, site, old.path);
    await expect(page.locator('.offline-mark')).toBeVisible();
    await page.locator('.navbar a[href="/docs/support"]').first().click();
    await expectPage(page, site, '/docs/support');
    const help = support.find((r) => r.path !== '/docs/support')!;
    await page.goto(help.path);
    await expectPage(page, site, help.path);
    await page.reload();
    await expectPage(page, site, help.path);
    await hydrated(page);

    // Search in Russian, then in English: results from the kept sidebars, with a note saying so.
    const kept = new Set(
      site.routes.filter((r) => r.kind === 'doc' && (r.sidebar === 'mobile' || r.sidebar === 'support')).map((r) => r.path),
    );
    const input = page.locator('.navbar .search-box input');
    await input.click();
    await input.pressSequentially('визит', { delay: 20 });
    const options = page.locator('.navbar [role="option"]');
    await expect(options.first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.navbar .search-offline')).toHaveText(ui.offline.searchNote);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => kept.has(new URL(page.url()).pathname)).toBe(true);
    await expect(page.locator('main h1')).toBeVisible();

    const en = docs(site, 'en', 'mobile', 'ic3')[1]!;
    await page.goto(en.path);
    await expectPage(page, site, en.path);
    await hydrated(page);
    const enInput = page.locator('.navbar .search-box input');
    await enInput.click();
    await enInput.pressSequentially('photo', { delay: 20 });
    await expect(page.locator('.navbar [role="option"]').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.navbar .search-offline')).toHaveText(site.manifest.locales.en!.ui.offline.searchNote);
    const hrefs = await page.locator('.navbar [role="option"] .hit-title').count();
    expect(hrefs).toBeGreaterThan(0);

    // The search page too.
    await page.goto('/search?q=%D1%84%D0%BE%D1%82%D0%BE');
    await expect(page.locator('.search-results li').first()).toBeVisible({ timeout: 15_000 });
    for (const href of await page.locator('.search-results .result-title').evaluateAll((as) => as.map((a) => a.getAttribute('href')!)))
      expect(kept.has(href.split('#')[0]!), href).toBe(true);
  });

  test('a page that is not kept shows the offline message in the site, by link and by a full load; Retry opens it online', async ({
    page,
    context,
    site,
    pageErrors,
  }) => {
    const ui = site.manifest.locales.ru!.ui;
    await page.goto('/docs/mobile');
    await hydrated(page);
    await offlineReady(page, ['ru']);
    await context.setOffline(true);

    await page.locator('.navbar a[href="/docs/portal"]').first().click();
    const alert = page.locator('main [role="alert"]');
    await expect(alert.locator('h1')).toHaveText(ui.offline.unavailableTitle);
    await expect(alert).toContainText(ui.offline.unavailableText);
    await expect(alert.locator('a[href="/docs/mobile"]')).toBeVisible();
    await expect(page).toHaveURL('/docs/portal');

    await page.goto('/docs/business/visit_structure');
    await expect(page.locator('main [role="alert"] h1')).toHaveText(ui.offline.unavailableTitle);
    await expect(page).toHaveTitle(new RegExp(ui.offline.unavailableTitle));
    await hydrated(page);
    // The way back: a kept page by the message's link.
    await page.locator('main [role="alert"] a[href="/docs/mobile"]').click();
    await expectPage(page, site, '/docs/mobile');

    await page.goBack();
    await expect(page.locator('main [role="alert"] h1')).toHaveText(ui.offline.unavailableTitle);
    await context.setOffline(false);
    await page.locator('main [role="alert"] button').click();
    await expectPage(page, site, '/docs/business/visit_structure');
    // The browser logs the requests that found no network; nothing else may have gone wrong.
    expect(pageErrors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    pageErrors.length = 0;
  });

  test('page views made offline are queued and sent, marked as offline views, once the network is back', async ({
    page,
    context,
    site,
  }) => {
    // The site's own config (Yandex Metrica); the fixture answers the vendor's script with an empty one, so `ym.a` keeps every call.
    expect(site.manifest.site.analytics.provider).toBe('yandex-metrica');
    await page.goto('/docs/mobile');
    await hydrated(page);
    await offlineReady(page, ['ru']);
    await context.setOffline(true);
    const queued = () => page.evaluate(() => JSON.parse(localStorage.getItem('vitrina:offline-views') ?? '[]') as { url: string }[]);
    const hits = () =>
      page.evaluate(() =>
        ((window as unknown as { ym: { a?: unknown[][] } }).ym.a ?? [])
          .filter((args) => args[1] === 'hit')
          .map((args) => ({ url: args[2] as string, offline: (args[3] as { params?: { offline_view?: string } }).params?.offline_view })),
      );
    const before = (await hits()).length;
    await page.locator('.navbar a[href="/docs/support"]').first().click();
    await expect(page.locator('main h1')).toBeVisible();
    await expect.poll(async () => (await queued()).map((v) => new URL(v.url).pathname)).toEqual(['/docs/support']);
    expect((await hits()).length).toBe(before);
    // A full load offline: the app shell counts one view, of the page it draws.
    await page.goto('/docs/mobile');
    await expect(page.locator('main h1')).toBeVisible();
    // The view is counted once the page is hydrated and the tracker's chunk is read from the cache.
    await hydrated(page);
    await expect
      .poll(async () => (await queued()).map((v) => new URL(v.url).pathname), { timeout: 30_000 })
      .toEqual(['/docs/support', '/docs/mobile']);
    await context.setOffline(false);
    await expect.poll(queued).toEqual([]);
    // The new document's tracker sends the queue (its own view of /docs/mobile was made offline too).
    const sent = await hits();
    expect(sent.map((h) => new URL(h.url).pathname)).toEqual(['/docs/support', '/docs/mobile']);
    for (const hit of sent) expect(Date.parse(hit.offline!)).toBeGreaterThan(Date.now() - 60_000);
  });
});

test.describe('a new deploy', () => {
  test('is picked up in the background and replaces the kept files as a whole', async ({ browser, site }) => {
    test.setTimeout(300_000);
    // The next deploy: the same content but for one changed sentence of a kept page, built for real.
    const work = mkdtempSync(join(REPO, '.cache', 'e2e-offline-'));
    chmodSync(work, 0o755); // nginx's workers read the builds under it
    const changed = docs(site, 'ru', 'mobile', 'ic3')[1]!;
    const marker = 'Новая сборка: этот абзац добавлен после развёртывания.';
    try {
      cpSync(join(REPO, 'content'), join(work, 'content'), { recursive: true });
      const source = join(work, 'content', 'docs', `${changed.path.slice('/docs/'.length)}.ru.md`);
      const file = readFileSync(source, 'utf8').replace(/\n## /, `\n${marker}\n\n## `);
      writeFileSync(source, file);
      mkdirSync(join(work, '.cache'));
      symlinkSync(join(REPO, '.cache', 'renderer'), join(work, '.cache', 'renderer'));
      // The build cache of this checkout (it saves the new build most of its compile time).
      const cacheFile = join(REPO, '.cache', 'build-cache.txt');
      if (existsSync(cacheFile)) cpSync(cacheFile, join(work, '.cache', 'build-cache.txt'));
      execFileSync('node', [join(REPO, 'bin', 'vitrina-docs.js'), '--root', work, 'build', '-o', join(work, 'next')], { stdio: 'pipe' });
      const next = JSON.parse(readFileSync(join(work, 'next', 'manifest.json'), 'utf8')) as Manifest;
      expect(next.buildId).not.toBe(site.manifest.buildId);

      // The server's root is a link that a deploy swaps.
      const served = join(work, 'served');
      symlinkSync(distDir(), served);
      const nginx = await startNginx(served);
      const context = await browser.newContext({ baseURL: `http://127.0.0.1:${nginx.port}`, serviceWorkers: 'allow' });
      try {
        const page = await context.newPage();
        await page.goto(changed.path);
        await hydrated(page);
        await offlineReady(page, ['ru']);
        const oldData = changed.data;
        expect(await page.evaluate(async (url) => Boolean(await caches.match(url)), oldData)).toBe(true);

        const serve = (dir: string) => {
          const swap = join(work, 'swap');
          symlinkSync(dir, swap);
          renameSync(swap, served);
        };

        // A deploy caught halfway (the new /sw.js, the old files): the new worker's install fails
        // on the first file that is not the build's, and the old worker keeps its whole set.
        const half = join(work, 'half');
        execFileSync('cp', ['-al', distDir(), half]); // hard links: nginx follows no symbolic link below the root
        rmSync(join(half, 'sw.js'));
        cpSync(join(work, 'next', 'sw.js'), join(half, 'sw.js'));
        serve(half);
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
        await expect
          .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.installing)), {
            timeout: 30_000,
          })
          .toBe(false);
        expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
        const buildOffline = () =>
          page.evaluate(() =>
            fetch('/manifest.json')
              .then((r) => r.json() as Promise<Manifest>)
              .then((m) => m.buildId),
          );
        await context.setOffline(true);
        await page.goto(changed.path);
        await expect(page.locator('main h1')).toHaveText(site.page(changed.path).title);
        await expect(page.locator('main')).not.toContainText(marker);
        expect(await buildOffline()).toBe(site.manifest.buildId);
        await context.setOffline(false);

        // The whole deploy: the link now points at the new build.
        serve(join(work, 'next'));

        // Online, the reader sees the new build at once; the worker installs it in the background
        // (the next load checks /sw.js) and takes over when its whole precache is in.
        await page.reload();
        await expect(page.locator('main')).toContainText(marker);
        const nextChunk = next.locales.ru!.chunks.find((c) => c.sidebar === 'mobile' && c.version === 'ic3')!.url;
        const chunk = JSON.parse(readFileSync(join(work, 'next', nextChunk.slice(1)), 'utf8')) as { routes: RouteEntry[] };
        const newData = chunk.routes.find((r): r is DocRoute => r.path === changed.path && r.kind === 'doc')!.data;
        expect(newData).not.toBe(oldData);
        // (What is still missing, named, so that a failure says which step did not happen.)
        await expect
          .poll(
            () =>
              page.evaluate(async (url) => {
                const registration = await navigator.serviceWorker.getRegistration();
                if (!registration?.active) return 'no active worker';
                if (registration.installing) return 'a worker installing';
                if (registration.waiting) return 'a worker waiting';
                if (navigator.serviceWorker.controller !== registration.active) return 'the page not controlled by the active worker';
                return (await caches.match(url)) ? 'settled' : "the new page JSON not in the worker's cache";
              }, newData),
            { timeout: 150_000, intervals: [500, 1000, 2000] },
          )
          .toBe('settled');

        // Offline: the new build only, the shell and the data alike.
        await context.setOffline(true);
        await page.goto(changed.path);
        await expect(page.locator('main')).toContainText(marker);
        expect(await buildOffline()).toBe(next.buildId);
        expect(await page.evaluate(async (url) => Boolean(await caches.match(url)), oldData)).toBe(false);
        const other = docs(site, 'ru', 'mobile', 'ic2')[0]!;
        await page.goto(other.path);
        await expect(page.locator('main h1')).toHaveText(site.page(other.path).title);
      } finally {
        await context.close();
        process.kill(nginx.pid);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
