/** Colour mode: light by default, the system's respected, the switch remembered, no flash. */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(21, 23, 28)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test.describe('colour mode', () => {
  test('is light by default', async ({ page }) => {
    await page.goto('/docs/mobile');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe(LIGHT_BG);
  });

  test.describe('with a dark system', () => {
    test.use({ colorScheme: 'dark' });
    test('follows the system preference', async ({ page }) => {
      await page.goto('/docs/mobile');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await background(page)).toBe(DARK_BG);
    });
  });

  test('the switch is remembered across visits', async ({ page, site }) => {
    const ui = site.manifest.locales.ru!.ui.navbar;
    await page.goto('/');
    await hydrated(page);
    const toggle = page.locator('.navbar .colour-mode');
    await expect(toggle).toHaveAttribute('aria-label', `${ui.colourMode}: ${ui.system}`);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', `${ui.colourMode}: ${ui.light}`);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', `${ui.colourMode}: ${ui.dark}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await hydrated(page);
    await expect(toggle).toHaveAttribute('aria-label', `${ui.colourMode}: ${ui.dark}`);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', `${ui.colourMode}: ${ui.system}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('no flash: the remembered mode applies before any JavaScript file runs (inline script allowed by the CSP)', async ({
    page,
    pageErrors,
  }) => {
    await page.addInitScript(() => localStorage.setItem('vitrina-colour-mode', 'dark'));
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/docs/mobile', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(DARK_BG);
    expect(pageErrors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
    pageErrors.length = 0; // the aborted scripts
  });

  test('the HTML as served has no theme yet: the inline script sets it on load', async ({ request }) => {
    const html = await (await request.get('/docs/mobile')).text();
    expect(html).toMatch(/<html lang="ru" dir="ltr"[^>]*>/);
    expect(html).not.toMatch(/<html[^>]*data-theme/);
    expect(html.indexOf('<script>')).toBeGreaterThan(0);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<style>'));
  });
});
