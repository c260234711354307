/**
 * The field agent's case: signal lost in a store, a page of the mobile manual opened from a fresh
 * tab, the search box typed into at once. The first search finds the kept pages, and a query with
 * nothing offline says so. A fresh browser profile per test (Playwright's context), the service
 * worker installed by one online visit, the CPU slowed down as a mid-range phone's, so that the
 * typing starts before the app has hydrated.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, watch } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' });

/** One online visit, until the service worker controls the page and keeps the Russian pages. */
async function visitOnce(page: Page): Promise<void> {
  await page.goto('/docs/mobile/ic3/visits/start');
  await page.waitForFunction(
    () => {
      const url = navigator.serviceWorker.controller?.scriptURL;
      return Boolean(url && (new URL(url).searchParams.get('locales') ?? '').split(',').includes('ru'));
    },
    null,
    { timeout: 30_000 },
  );
}

/** A new tab, offline, on a page of the mobile manual, typed into as soon as the box is there. */
async function typeAtOnce(context: BrowserContext, path: string, query: string): Promise<{ tab: Page; before: boolean; errors: string[] }> {
  const tab = await context.newPage();
  const errors: string[] = [];
  watch(tab, errors);
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await tab.goto(path, { waitUntil: 'commit' });
  const input = tab.locator('.navbar .search-box input');
  await input.focus();
  const before = await tab.evaluate(() => document.documentElement.dataset.hydrated !== 'true');
  await tab.keyboard.type(query);
  await expect(input).toHaveValue(query);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { tab, before, errors };
}

test('offline, the first search typed at once on a page opened from a fresh tab finds the kept pages', async ({ page, context, site }) => {
  test.setTimeout(90_000);
  const ui = site.manifest.locales.ru!.ui;
  await visitOnce(page);
  await context.setOffline(true);
  const { tab, before, errors } = await typeAtOnce(context, '/docs/mobile/ic3', 'визит');
  test.info().annotations.push({ type: 'typing', description: before ? 'started before hydration' : 'started after hydration' });
  const options = tab.locator('.navbar [role="option"]');
  await expect(options.first()).toBeVisible({ timeout: 20_000 });
  await expect(tab.locator('.navbar .search-offline')).toHaveText(ui.offline.searchNote);
  const kept = new Set(
    site.routes.filter((r) => r.kind === 'doc' && (r.sidebar === 'mobile' || r.sidebar === 'support')).map((r) => r.path),
  );
  await tab.keyboard.press('ArrowDown');
  await tab.keyboard.press('Enter');
  await expect.poll(() => kept.has(new URL(tab.url()).pathname)).toBe(true);
  await expect(tab.locator('main h1')).toBeVisible();
  await tab.close();
  // The browser logs the requests that found no network (the analytics script); nothing else may go wrong.
  expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});

test('offline, a query that nothing kept matches says that nothing was found offline', async ({ page, context, site }) => {
  test.setTimeout(90_000);
  const ui = site.manifest.locales.ru!.ui;
  await visitOnce(page);
  await context.setOffline(true);
  const query = 'щъхыжвукс';
  const { tab, errors } = await typeAtOnce(context, '/docs/support', query);
  const dropdown = tab.locator('.navbar .search-dropdown');
  await expect(dropdown.locator('.search-status')).toHaveText(ui.search.noResults.replace('{query}', query), { timeout: 20_000 });
  await expect(dropdown.locator('.search-offline')).toHaveText(ui.offline.searchNote);
  await expect(tab.locator('.navbar [role="option"]')).toHaveCount(0);
  await tab.close();
  // The browser logs the requests that found no network (the analytics script); nothing else may go wrong.
  expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});
