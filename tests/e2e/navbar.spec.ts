/**
 * The navbar fits every desktop width in both locales, with and without the version selector:
 * nothing overflows, overlaps or is cut off, and what does not fit is one tap away in a menu
 * (the sections from 1024 to 1279 px, the product link below 1440 px). The language switcher is
 * in the bar itself at every desktop width.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

const PAGES = [
  { path: '/docs/mobile/ic3/visits/start', locale: 'ru', version: true },
  { path: '/en/docs/api/backend/methods/v1/brands/brands_list', locale: 'en', version: true },
  { path: '/docs/portal', locale: 'ru', version: false },
  { path: '/en/docs/portal', locale: 'en', version: false },
] as const;

/** Problems with the navbar's layout, found in one pass: overflow, overlap, items off the bar, cut text. */
function navbarProblems(): string[] {
  const problems: string[] = [];
  const bar = document.querySelector('.navbar-inner')!;
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth) problems.push('the page scrolls sideways');
  if (bar.scrollWidth > bar.clientWidth) problems.push(`the navbar overflows: ${bar.scrollWidth} px in ${bar.clientWidth} px`);
  const box = bar.getBoundingClientRect();
  const items = [...bar.querySelectorAll('a, button, select, input')].filter((e) => e.checkVisibility() && !e.closest('[popover]'));
  const rects = items.map((e) => ({ e, r: e.getBoundingClientRect() }));
  for (const { e, r } of rects) {
    const name = `${e.tagName.toLowerCase()}.${e.className || ''} «${(e.textContent ?? '').trim()}»`;
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) problems.push(`${name} leaves the navbar`);
    if ((e as HTMLElement).scrollWidth > (e as HTMLElement).clientWidth + 1) problems.push(`${name} is cut off`);
  }
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      const [a, b] = [rects[i]!, rects[j]!];
      if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
      const overlap = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const vertical = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (overlap > 0.5 && vertical > 0.5) problems.push(`${a.e.className} overlaps ${b.e.className}`);
    }
  }
  return problems;
}

/** The links of a menu of the navbar: shown inline, or in the menu its button opens. */
async function reach(page: Page, inline: string, menu: string, link: string): Promise<void> {
  if (await page.locator(inline).first().isVisible()) return;
  const button = page.locator(`${menu} .navbar-menu-button`);
  await expect(button, `${inline} is shown or folded into ${menu}`).toBeVisible();
  await button.click();
  await expect(page.locator(`${menu} [popover] ${link}`).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator(`${menu} [popover]`)).toBeHidden();
}

for (const width of [1024, 1280, 1440]) {
  test.describe(`navbar at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('fits in both locales, with and without the version selector; what does not fit is in a menu', async ({ page, site }) => {
      for (const { path, locale, version } of PAGES) {
        await page.goto(path);
        await hydrated(page);
        expect(await page.evaluate(navbarProblems), `${path} at ${width} px`).toEqual([]);
        await expect(page.locator('.navbar .version-select')).toHaveCount(version ? 1 : 0);
        if (version) await expect(page.locator('.navbar .version-select')).toBeVisible();
        await expect(page.locator('.navbar .brand')).toBeVisible();
        await expect(page.locator('.navbar [role="search"] input')).toBeVisible();
        // The six sections.
        const labels = site.manifest.locales[locale]!.navbar.map((n) => n.label);
        if (await page.locator('.navbar-sections').isVisible()) {
          await expect(page.locator('.navbar-sections a')).toHaveText(labels);
        } else {
          await page.locator('.navbar-sections-menu .navbar-menu-button').click();
          await expect(page.locator('#vd-sections-menu a')).toHaveText(labels);
          for (const a of await page.locator('#vd-sections-menu a').all()) await expect(a).toBeInViewport();
          await page.keyboard.press('Escape');
        }
        // The language in the bar, the product website in the bar or one tap away.
        await expect(page.locator('.navbar-end > .navbar-wide .locale-link')).toBeVisible();
        await expect(page.locator('.navbar-end > .navbar-wide .locale-link')).toBeInViewport({ ratio: 1 });
        await reach(page, '.navbar-end > .navbar-secondary .product-link', '.navbar-more-menu', '.product-link');
      }
    });

    test('the language switcher is in the bar and goes to the same page in the other language', async ({ browser, site }) => {
      // A fresh profile, as a new reader's.
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ru-RU' });
      try {
        const page = await context.newPage();
        for (const [from, to] of [
          ['/docs/mobile/ic3/visits/start', '/en/docs/mobile/ic3/visits/start'],
          ['/en/docs/portal', '/docs/portal'],
        ] as const) {
          await page.goto(`${process.env.VITRINA_BASE_URL}${from}`);
          await hydrated(page);
          const link = page.locator('.navbar-end > .navbar-wide .locale-link');
          const target = site.manifest.locales[to.startsWith('/en/') ? 'en' : 'ru']!;
          await expect(link).toHaveText(target.info.label);
          await link.click();
          await expect(page).toHaveURL(`${process.env.VITRINA_BASE_URL}${to}`);
          await expect(page.locator('main h1')).toHaveText(site.page(to).title);
          await expect(page.locator('html')).toHaveAttribute('lang', target.info.lang);
        }
      } finally {
        await context.close();
      }
    });
  });
}

test.describe('navbar menus', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  test('the sections menu is named for the section shown, follows a link and closes', async ({ page, site }) => {
    const ui = site.manifest.locales.ru!;
    await page.goto('/docs/mobile/ic3/visits/start');
    await hydrated(page);
    const button = page.locator('.navbar-sections-menu .navbar-menu-button');
    const mobile = ui.navbar.find((n) => n.sidebar === 'mobile')!;
    await expect(button).toHaveText(mobile.label);
    await expect(button).toHaveAccessibleName(`${ui.ui.navbar.sections}: ${mobile.label}`);
    await button.click();
    const portal = ui.navbar.find((n) => n.sidebar === 'portal')!;
    await page.locator('#vd-sections-menu').getByRole('link', { name: portal.label }).click();
    await expect(page).toHaveURL(portal.path);
    await expect(page.locator('#vd-sections-menu')).toBeHidden();
    await expect(button).toHaveText(portal.label);
  });

  test('the more menu holds the product website', async ({ page, site }) => {
    await page.goto('/docs/portal');
    await hydrated(page);
    const button = page.locator('.navbar-more-menu .navbar-menu-button');
    await expect(button).toHaveAccessibleName(site.manifest.locales.ru!.ui.navbar.more);
    await button.click();
    const menu = page.locator('#vd-more-menu');
    await expect(menu.locator('.product-link')).toHaveAttribute('href', 'https://vitrina.example');
    await expect(menu.locator('.locale-link')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});
