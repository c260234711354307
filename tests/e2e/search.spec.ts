/** The site half of search (issue 4): the navbar box, the /search page, and hostile queries. */
import { expect, hydrated, test } from './fixtures.ts';

const QUERY = 'визит';

test.describe('navbar search box', () => {
  test('"/" and Ctrl+K focus it; Escape closes and gives the focus back', async ({ page }) => {
    await page.goto('/docs/mobile/ic3/visits/start');
    await hydrated(page);
    const input = page.locator('.navbar .search-box input');
    const toggle = page.locator('.navbar .colour-mode');
    await toggle.focus();
    await page.keyboard.press('/');
    await expect(input).toBeFocused();
    await page.keyboard.type(QUERY);
    await expect(page.locator('.navbar [role="listbox"] [role="option"]').first()).toBeVisible({ timeout: 15_000 });
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(page.locator('.navbar [role="listbox"]')).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await page.locator('h1').click();
    await page.keyboard.press('Control+k');
    await expect(input).toBeFocused();
  });

  test('drops down the top 8 results as you type; arrow keys and Enter open one at its section', async ({ page }) => {
    await page.goto('/docs/portal');
    await hydrated(page);
    const input = page.locator('.navbar .search-box input');
    await input.click();
    await input.pressSequentially(QUERY, { delay: 30 });
    const options = page.locator('.navbar [role="option"]');
    await expect(options.first()).toBeVisible({ timeout: 15_000 });
    expect(await options.count()).toBeLessThanOrEqual(8);
    await expect(options.first().locator('.hit-title')).not.toBeEmpty();
    await expect(options.locator('mark').first()).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.navbar .search-all')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await page.keyboard.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL('/docs/portal');
    const url = new URL(page.url());
    if (url.hash) {
      const id = decodeURIComponent(url.hash.slice(1));
      await expect.poll(() => page.evaluate((i) => document.getElementById(i)?.getBoundingClientRect().top ?? -1, id)).toBeLessThan(200);
    }
    await expect(page.locator('h1')).toBeVisible();
  });

  // "пл" → "пла": the third letter draws hits from files the first two did not need.
  for (const saveData of [false, true])
    test(`typing a word letter by letter fetches ahead what the next letter draws${saveData ? ', unless the reader saves data' : ''}`, async ({
      page,
    }) => {
      if (saveData)
        await page.addInitScript(() => {
          Object.defineProperty(Navigator.prototype, 'connection', {
            configurable: true,
            get: () => ({ saveData: true, effectiveType: '4g', addEventListener() {} }),
          });
        });
      await page.goto('/docs/mobile/ic3/visits/start');
      await hydrated(page);
      const input = page.locator('.navbar .search-box input');
      await input.click();
      await input.pressSequentially('фо', { delay: 60 });
      const options = page.locator('.navbar [role="option"]');
      await expect(options.first()).toBeVisible({ timeout: 15_000 });
      await page.waitForTimeout(1_500);
      // When the third letter's hits are drawn: the search files fetched since it was typed (those
      // it waited for; what is fetched ahead for the fourth starts after the drawing).
      await page.evaluate((selector) => {
        const w = window as unknown as { typedAt: number; waited: string[] | null };
        const shown = () => Array.from(document.querySelectorAll(selector), (e) => e.textContent).join('\n');
        const before = shown();
        w.typedAt = 0;
        w.waited = null;
        document.addEventListener('input', () => (w.typedAt ||= performance.now()), true);
        new MutationObserver(() => {
          if (w.waited || !w.typedAt || shown() === before) return;
          w.waited = performance
            .getEntriesByType('resource')
            .filter((e) => e.startTime >= w.typedAt && new URL(e.name).pathname.startsWith('/search/'))
            .map((e) => new URL(e.name).pathname);
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      }, '.navbar [role="option"]');
      await input.pressSequentially('т');
      await page.waitForFunction(() => (window as unknown as { waited: string[] | null }).waited);
      const waited = await page.evaluate(() => (window as unknown as { waited: string[] }).waited);
      if (saveData) expect(waited.length).toBeGreaterThan(0);
      else expect(waited).toEqual([]);
    });

  test('Enter without a chosen result opens the search page with the query', async ({ page }) => {
    await page.goto('/en/docs/portal');
    await hydrated(page);
    const input = page.locator('.navbar .search-box input');
    await input.fill('photo');
    await input.press('Enter');
    await expect(page).toHaveURL('/en/search?q=photo');
    await expect(page.locator('.search-page input[type="search"]')).toHaveValue('photo');
  });
});

test.describe('search page', () => {
  test('shows the results grouped by section, with a count, more on request, and a section filter kept in the address', async ({
    page,
    site,
  }) => {
    const ui = site.manifest.locales.ru!.ui.search;
    await page.goto(`/search?q=${encodeURIComponent(QUERY)}`);
    await hydrated(page);
    const count = page.locator('.search-count');
    await expect(count).toHaveText(new RegExp(ui.resultsCount.replace('{count}', '\\d+')), { timeout: 15_000 });
    const groups = page.locator('.search-group');
    expect(await groups.count()).toBeGreaterThan(1);
    const total = Number(/\d+/.exec((await count.textContent())!)![0]);
    const items = page.locator('.search-results li');
    expect(total).toBeGreaterThan(60);
    await expect(items).toHaveCount(30);
    // Only the sections of the results drawn are fetched; more come on request.
    await page.locator('.search-more').click();
    await expect(items).toHaveCount(60);
    await expect(items.nth(59).locator('.result-snippet')).not.toBeEmpty();
    await page.locator('.search-filter select').selectOption('portal');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(QUERY)}&sidebar=portal`);
    await expect(groups).toHaveCount(1);
    await expect(groups.locator('h2')).toHaveText(site.manifest.locales.ru!.navbar.find((n) => n.sidebar === 'portal')!.label);
    // Shareable: the same address shows the same results.
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.search-filter select')).toHaveValue('portal');
    await expect(groups).toHaveCount(1, { timeout: 15_000 });
  });

  test('a result opens its page at its section; back returns to the results', async ({ page }) => {
    await page.goto('/docs/mobile');
    await hydrated(page);
    const input = page.locator('.navbar .search-box input');
    await input.fill(QUERY);
    await input.press('Enter');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(QUERY)}`);
    const first = page.locator('.search-results a').first();
    await expect(first).toBeVisible({ timeout: 15_000 });
    await first.click();
    await expect(page).not.toHaveURL(/\/search/);
    await page.goBack();
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(QUERY)}`);
    await expect(page.locator('.search-results a').first()).toBeVisible();
  });

  test('says "nothing found" with the query, in the page’s locale', async ({ page, site }) => {
    for (const locale of ['ru', 'en'] as const) {
      const ui = site.manifest.locales[locale]!.ui.search;
      await page.goto(`${locale === 'en' ? '/en' : ''}/search?q=zzqxjw`);
      await hydrated(page);
      await expect(page.locator('.search-count')).toHaveText(ui.noResults.replace('{query}', 'zzqxjw'), { timeout: 15_000 });
    }
  });

  test('offers "did you mean" when nothing is found, in the page’s locale, and forgives typos as you type', async ({ page, site }) => {
    for (const [locale, typo, fixed] of [
      ['en', 'paswrd', 'password'],
      ['ru', 'пвролл', 'пароль'],
    ] as const) {
      const prefix = locale === 'en' ? '/en' : '';
      const ui = site.manifest.locales[locale]!.ui.search;
      await page.goto(`${prefix}/search?q=${encodeURIComponent(typo)}`);
      await hydrated(page);
      await expect(page.locator('.search-count')).toHaveText(ui.noResults.replace('{query}', typo), { timeout: 15_000 });
      const link = page.locator('.search-suggestion a');
      await expect(link).toHaveText(fixed);
      await link.click();
      await expect(page).toHaveURL(`${prefix}/search?q=${encodeURIComponent(fixed)}`);
      await expect(page.locator('.search-results li').first()).toBeVisible({ timeout: 15_000 });
    }
    // One typo in a word of 4–7 letters is forgiven in the dropdown.
    const input = page.locator('.navbar .search-box input');
    await input.fill('отмнить визит');
    await expect(page.locator('.navbar [role="option"]').first()).toContainText('Отмена визита', { timeout: 15_000 });
  });

  test('a query is never inserted as HTML', async ({ page }) => {
    const attack = '<img src=x onerror=alert(1)>';
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.goto(`/search?q=${encodeURIComponent(attack)}`);
    await hydrated(page);
    await expect(page.locator('.search-count')).toContainText(attack, { timeout: 15_000 });
    const input = page.locator('.navbar .search-box input');
    await input.fill(attack);
    await expect(page.locator('.navbar .search-status')).toContainText(attack, { timeout: 15_000 });
    await expect(page.locator('main img, .navbar img')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });
});
