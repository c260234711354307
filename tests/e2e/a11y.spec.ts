/** axe-core finds no violations on the main kinds of page, in both locales and both colour modes. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

const PAGES = {
  home: '/',
  docs: '/docs/mobile/ic3/visits/start',
  'api method': '/docs/api/backend/methods/v1.5/catalog/brands',
  search: '/search?q=AltStore',
  'not found': '/no/such/page',
};

/** axe's violations on the page as it is now, one line each (rule and up to five elements). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

for (const locale of ['ru', 'en'] as const) {
  test.describe(locale, () => {
    for (const [name, path] of Object.entries(PAGES)) {
      // One load per page: light mode first, then the system switches to dark mode, which the site
      // follows without a reload (as a reader's phone does at dusk).
      test(`${name} has no axe violations, in light and in dark mode`, async ({ page, pageErrors }) => {
        test.setTimeout(90_000);
        const url = locale === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path;
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(url);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        if (name === 'search') await expect(page.locator('.search-count')).not.toBeEmpty({ timeout: 15_000 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
          expect(await violations(page), scheme).toEqual([]);
        }
        // The not-found page is served with status 404, which the browser logs.
        if (name === 'not found') pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 404')));
      });
    }
  });
}

test('keyboard: the skip link moves the focus to the main content', async ({ page }) => {
  await page.goto('/docs/mobile');
  await hydrated(page);
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#vd-main')).toBeFocused();
});

test('keyboard: every control of the navbar is reachable and visibly focused', async ({ page }) => {
  await page.goto('/docs/mobile');
  await hydrated(page);
  const seen = new Set<string>();
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { key: el.className || el.tagName, outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' };
    });
    seen.add(focused.key);
    expect(focused.outline, focused.key).toBe(true);
  }
  for (const control of ['brand', 'version-select', 'locale-link', 'colour-mode', 'product-link']) {
    expect(
      [...seen].some((k) => k.includes(control)),
      control,
    ).toBe(true);
  }
});
