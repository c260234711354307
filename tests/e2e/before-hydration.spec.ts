/**
 * What a reader does in the prerendered page before the app has hydrated (seconds on a mid-range
 * phone) is not lost: the page's scripts are held back by the test, the reader acts, the scripts
 * arrive, and the app carries out the choice or shows what the typed text finds. Every test
 * starts from a fresh browser profile (Playwright's context per test).
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

/** Holds back every script of the site until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

// Each test waits for the whole client to load once the scripts are let through.
test.describe.configure({ timeout: 60_000 });

async function notHydrated(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), 'the app has not hydrated yet').toBeNull();
}

test('a version chosen before hydration leads to the counterpart page once the app starts', async ({ page, site }) => {
  const from = '/docs/api/backend/methods/v1.5/catalog/brands';
  const to = site.page(from).counterparts['v1'];
  expect(to, 'the v1.5 page has a v1 counterpart').toBeTruthy();
  const release = await holdScripts(page);
  await page.goto(from, { waitUntil: 'commit' });
  const select = page.locator('.navbar .version-select');
  await expect(select).toHaveValue('v1.5');
  await select.selectOption('v1');
  await notHydrated(page);
  release();
  await hydrated(page);
  await expect(page).toHaveURL(to!);
  await expect(page.locator('main h1')).toHaveText(site.page(to!).title);
  await expect(select).toHaveValue('v1');
  expect(await page.evaluate(() => localStorage.getItem('vitrina-version:api'))).toBe('v1');
});

test('text typed into the search box before hydration is searched once the app starts', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/docs/mobile/ic3/visits/start', { waitUntil: 'commit' });
  const input = page.locator('.navbar .search-box input');
  await input.click();
  await input.pressSequentially('визит');
  await notHydrated(page);
  release();
  await hydrated(page);
  await expect(input).toHaveValue('визит');
  await expect(page.locator('.navbar [role="option"]').first()).toBeVisible();
  await expect(page.locator('.navbar [role="option"] mark').first()).toContainText(/визит/i);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  // And the reader goes on typing in the same box.
  await input.pressSequentially('а');
  await expect(page.locator('.navbar .search-all')).toHaveAttribute('href', /q=%D0%B2%D0%B8%D0%B7%D0%B8%D1%82%D0%B0/);
});

test('the colour-mode switch works before hydration, and the app keeps the mode chosen', async ({ page, site }) => {
  const ui = site.manifest.locales.ru!.ui;
  await page.emulateMedia({ colorScheme: 'light' });
  const release = await holdScripts(page);
  await page.goto('/docs/portal', { waitUntil: 'commit' });
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  // No choice yet (the system's mode): light, then dark.
  await page.locator('.navbar .colour-mode').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('vitrina-colour-mode'))).toBe('light');
  await page.locator('.navbar .colour-mode').click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await notHydrated(page);
  release();
  await hydrated(page);
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.navbar .colour-mode')).toHaveAttribute('aria-label', `${ui.navbar.colourMode}: ${ui.navbar.dark}`);
  // After hydration the app's own switch goes on from there (dark → system, light here), once per click.
  await page.locator('.navbar .colour-mode').click();
  await expect(page.locator('.navbar .colour-mode')).toHaveAttribute('aria-label', `${ui.navbar.colourMode}: ${ui.navbar.system}`);
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('the language switcher is a plain link: it works before hydration', async ({ page, site }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await holdScripts(page);
  await page.goto('/docs/portal', { waitUntil: 'commit' });
  await page.locator('.navbar-end > .navbar-wide .locale-link').click();
  await expect(page).toHaveURL('/en/docs/portal');
  await expect(page.locator('main h1')).toHaveText(site.page('/en/docs/portal').title);
});
