/**
 * The first page keeps its prerendered content and endpoint line (hydration draws nothing in
 * them; the code that draws a body from its page JSON loads on client navigation): their copy
 * buttons copy and say so, and a client navigation, then Back, draws the pages whole.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

const API = '/docs/api/backend/methods/v1.5/catalog/brands';

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/**
 * Clicks a copy button and checks the clipboard and what the button said (recorded as it
 * happens: it says so for two seconds only, which a loaded machine may take to look).
 */
async function copies(page: Page, button: Locator, expected: string, copied: string): Promise<void> {
  await button.evaluate((b) => {
    const said: string[] = ((window as unknown as { __said: string[] }).__said = []);
    const live = b.querySelector('[aria-live]')!;
    const icon = b.querySelector('.icon')!;
    new MutationObserver(() => said.push(`${live.textContent}|${icon.className}`)).observe(b, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  await button.click();
  expect(await clipboard(page)).toBe(expected);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __said: string[] }).__said)).toContain(`${copied}|icon icon-check`);
  // Back to "copy" after two seconds.
  await expect(button.locator('[aria-live]')).toHaveText('', { timeout: 10_000 });
  await expect(button.locator('.icon')).toHaveClass(/icon-copy/);
}

test.describe.configure({ timeout: 90_000 });

test('the first page’s code blocks and endpoint copy and say so; after a client navigation and Back too', async ({
  page,
  context,
  site,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ui = site.manifest.locales.ru!.ui;
  const first = site.page(API);
  await page.goto(API);
  await hydrated(page);
  const block = page.locator('.doc-body figure.code-block').first();
  await copies(page, block.locator('.code-copy'), (await block.locator('pre').textContent())!, ui.code.copied);
  await copies(page, page.locator('.endpoint').getByRole('button', { name: ui.api.copyEndpoint }), first.operation!.url, ui.code.copied);

  // The next method, drawn from its page JSON.
  const other = site.page(first.next!.path);
  await page.locator('.pagination-link.next').click();
  await expect(page).toHaveURL(other.path);
  await expect(page.locator('#vd-title')).toHaveText(other.title);
  await expect(page.locator('.endpoint .endpoint-path')).toHaveText(other.operation!.path);
  const drawn = page.locator('.doc-body figure.code-block').first();
  await copies(page, drawn.locator('.code-copy'), (await drawn.locator('pre').textContent())!, ui.code.copied);
  await copies(page, page.locator('.endpoint').getByRole('button', { name: ui.api.copyEndpoint }), other.operation!.url, ui.code.copied);

  // Back on the first page: its content and endpoint as they were, still working.
  await page.goBack();
  await expect(page).toHaveURL(API);
  await expect(page.locator('#vd-title')).toHaveText(first.title);
  await expect(page.locator('.endpoint .endpoint-path')).toHaveText(first.operation!.path);
  await expect(page.locator('#api-status-codes + .table-scroll tbody tr')).toHaveCount(first.operation!.responses.length);
  await copies(page, block.locator('.code-copy'), (await block.locator('pre').textContent())!, ui.code.copied);
});

test('a link in the first page’s body is followed by the client router', async ({ page, site }) => {
  await page.goto(API);
  await hydrated(page);
  const link = page.locator('.doc-body a[href^="/docs/"]:not([href*="#"])').first();
  const href = (await link.getAttribute('href'))!;
  // A full page load would lose this mark.
  await page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
  await link.click();
  await expect(page).toHaveURL(href);
  await expect(page.locator('#vd-title')).toHaveText(site.page(href).title);
  expect(await page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept)).toBe(true);
});
