/** Where the window scrolls: hashes, the top, and back/forward restoration. */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

const PAGE = '/docs/api/backend/methods/pagination';
const TARGET = '/docs/api/backend/errors#retries';

async function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate((i) => document.getElementById(i)?.getBoundingClientRect().top ?? Infinity, id);
}

test.describe('scrolling', () => {
  test('a hash on first load scrolls to its element, below the sticky navbar', async ({ page, site }) => {
    const id = site.page('/docs/mobile/ic3/visits/start').toc[1]!.id;
    await page.goto(`/docs/mobile/ic3/visits/start#${id}`);
    await hydrated(page);
    const top = await topOf(page, id);
    expect(top).toBeGreaterThanOrEqual(50);
    expect(top).toBeLessThan(140);
  });

  test('a link to another page with a hash scrolls to that section after navigation', async ({ page }) => {
    await page.goto(PAGE);
    await hydrated(page);
    await page.locator(`.doc-body a[href="${TARGET}"]`).first().click();
    await expect(page).toHaveURL(TARGET);
    await expect.poll(() => topOf(page, 'retries')).toBeLessThan(140);
    expect(await topOf(page, 'retries')).toBeGreaterThanOrEqual(50);
  });

  test('a table-of-contents link scrolls within the page, without a page view of its own', async ({ page, site }) => {
    const toc = site.page('/docs/mobile/ic3/visits/start').toc;
    await page.goto('/docs/mobile/ic3/visits/start');
    await hydrated(page);
    await page.locator(`.toc a[href="#${toc[2]!.id}"]`).click();
    await expect(page).toHaveURL(`/docs/mobile/ic3/visits/start#${toc[2]!.id}`);
    await expect.poll(() => topOf(page, toc[2]!.id)).toBeLessThan(140);
  });

  test('a navigation without a hash starts at the top', async ({ page }) => {
    await page.goto(PAGE);
    await hydrated(page);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(500);
    await page.locator('.sidebar a[href="/docs/api/backend/auth"]').click();
    await expect(page).toHaveURL('/docs/api/backend/auth');
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
  });

  test('back and forward restore the scroll positions', async ({ page, site }) => {
    await page.goto(PAGE);
    await hydrated(page);
    await page.evaluate(() => scrollTo(0, 1200));
    await page.waitForTimeout(300);
    await page.locator('.sidebar a[href="/docs/api/backend/auth"]').click();
    await expect(page).toHaveURL('/docs/api/backend/auth');
    await expect(page.locator('h1')).toHaveText(site.page('/docs/api/backend/auth').title);
    await page.evaluate(() => scrollTo(0, 700));
    await page.waitForTimeout(300);
    await page.goBack();
    await expect(page).toHaveURL(PAGE);
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(1200);
    await page.goForward();
    await expect(page).toHaveURL('/docs/api/backend/auth');
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(700);
  });

  test('back right after scrolling still restores the position on forward', async ({ page, site }) => {
    await page.goto(PAGE);
    await hydrated(page);
    await page.locator('.sidebar a[href="/docs/api/backend/auth"]').click();
    await expect(page.locator('h1')).toHaveText(site.page('/docs/api/backend/auth').title);
    // Back at once after the scroll event, before the history state is written.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          addEventListener('scroll', () => resolve(), { once: true });
          scrollTo(0, 700);
        }),
    );
    await page.goBack();
    await expect(page).toHaveURL(PAGE);
    await page.goForward();
    await expect(page).toHaveURL('/docs/api/backend/auth');
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(700);
  });
});
