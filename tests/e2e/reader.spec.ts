/**
 * Reader features: version counterparts that keep the section, the legacy notice, the
 * announcement bar, the "was this page helpful?" widget and the helpful not-found page.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

const BRANDS = '/docs/api/backend/methods/v1.5/catalog/brands';
const BRANDS_V1 = '/docs/api/backend/methods/v1/brands/brands_list';

/** Cumulative layout shift seen by the page so far. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) total += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test.describe('version counterparts', () => {
  test('switching the API version on the brands page lands on v1 brands_list at the same section', async ({ page, site }) => {
    await page.goto(`${BRANDS}#response-example`);
    await hydrated(page);
    await page.locator('.navbar .version-select').selectOption('v1');
    await expect(page).toHaveURL(`${BRANDS_V1}#response-example`);
    await expect(page.locator('#response-example')).toBeInViewport();
    // And back, to the same section, once the page (and its select) shows v1, as a reader sees it.
    await expect(page.locator('main h1')).toHaveText(site.page(BRANDS_V1).title);
    await expect(page.locator('.navbar .version-select')).toHaveValue('v1');
    await page.locator('.navbar .version-select').selectOption('v1.5');
    await expect(page).toHaveURL(`${BRANDS}#response-example`);
  });

  test('a section the counterpart lacks is dropped from the address', async ({ page }) => {
    await page.goto(`${BRANDS}#filters`);
    await hydrated(page);
    await page.locator('.navbar .version-select').selectOption('v1');
    await expect(page).toHaveURL(BRANDS_V1);
  });

  test('the locale switch on a versioned page keeps the version and the section', async ({ page }) => {
    await page.goto(`${BRANDS_V1}#response-example`);
    await hydrated(page);
    await page.getByRole('link', { name: 'English' }).first().click();
    await expect(page).toHaveURL(`/en${BRANDS_V1}#response-example`);
    await expect(page.locator('.navbar .version-select')).toHaveValue('v1');
    await expect(page.locator('#response-example')).toBeInViewport();
  });

  test('the page JSON names its counterparts', async ({ site }) => {
    expect(site.page(BRANDS).counterparts).toEqual({ v1: BRANDS_V1 });
    expect(site.page(`/en${BRANDS_V1}`).counterparts).toEqual({ 'v1.5': `/en${BRANDS}` });
    expect(site.page('/docs/mobile/ic2/visits/start').counterparts).toEqual({ ic3: '/docs/mobile/ic3/visits/start' });
  });
});

test.describe('legacy notice', () => {
  for (const [path, locale, link] of [
    ['/docs/mobile/ic2/visits/start', 'ru', '/docs/mobile/ic3/visits/start'],
    [`/en${BRANDS_V1}`, 'en', `/en${BRANDS}`],
  ] as const) {
    test(`is prerendered above the title of ${path}, in ${locale}, linking to the current version`, async ({ page, site, request }) => {
      const html = await (await request.get(path)).text();
      expect(html.indexOf('legacy-notice')).toBeGreaterThan(0);
      expect(html.indexOf('legacy-notice')).toBeLessThan(html.indexOf('id="vd-title"'));
      await page.goto(path);
      await hydrated(page);
      const notice = page.locator('.legacy-notice');
      const ui = site.manifest.locales[locale]!.ui.versions;
      await expect(notice).toContainText(ui.legacyNotice.split('{')[0]!.trim());
      await notice.locator('a').click();
      await expect(page).toHaveURL(link);
      await expect(page.locator('.legacy-notice')).toHaveCount(0);
    });
  }

  test('on every v1 and IC2 page, links to its counterpart when it has one, else to the current version', async ({ site, request }) => {
    const legacy = site.routes.filter(
      (r) => r.kind === 'doc' && r.sidebar !== null && site.manifest.versions[r.sidebar]?.items.some((v) => v.id === r.version && v.legacy),
    );
    expect(legacy.length).toBeGreaterThan(80);
    let withCounterpart = 0;
    for (const route of legacy) {
      const data = site.page(route.path);
      const info = site.manifest.versions[data.sidebar!]!;
      const counterpart = data.counterparts[info.current];
      const first = info.items.find((v) => v.id === info.current)!.first[data.locale];
      const html = await (await request.get(route.path)).text();
      const notice = /<div class="legacy-notice"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
      expect(notice, route.path).toBeTruthy();
      expect(/href="([^"]*)"/.exec(notice!)?.[1], route.path).toBe(counterpart ?? first);
      if (counterpart) withCounterpart++;
    }
    // Every IC2 page and the v1 methods that have a v1.5 equivalent.
    expect(withCounterpart).toBeGreaterThan(50);
  });

  test('is absent from pages of current versions and shared pages', async ({ page }) => {
    for (const path of ['/docs/mobile/ic3/visits/start', BRANDS, '/docs/api/backend/errors', '/en/docs/portal']) {
      await page.goto(path);
      await expect(page.locator('.doc-title')).toBeVisible();
      await expect(page.locator('.legacy-notice'), path).toHaveCount(0);
    }
  });
});

test.describe('announcement bar', () => {
  test('shows, is dismissed, stays dismissed after a reload, and shifts nothing', async ({ page, site, pageErrors }) => {
    const a = site.manifest.locales.ru!.announcement!;
    expect(a).toBeTruthy();
    await page.goto('/docs/mobile/ic3/visits/start');
    const bar = page.getByRole('region', { name: site.manifest.locales.ru!.ui.announcement.label });
    await expect(bar).toContainText(a.text);
    await hydrated(page);
    expect(await layoutShift(page)).toBe(0);
    // Keyboard: the close button is reachable and works with Enter.
    await bar.getByRole('button', { name: site.manifest.locales.ru!.ui.announcement.dismiss }).focus();
    await page.keyboard.press('Enter');
    await expect(bar).toHaveCount(0);
    expect(await page.evaluate((id) => localStorage.getItem(`vitrina-announcement:${id}`), a.id)).toBe('dismissed');
    // After a reload the inline script hides it before the first paint, without the app's code.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-announcement-hidden', '');
    await expect(page.locator('.announcement-bar')).toBeAttached();
    await expect(page.locator('.announcement-bar')).toBeHidden();
    pageErrors.length = 0; // the aborted scripts
    // With the app: gone.
    await page.unroute('**/assets/*.js');
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.announcement-bar')).toHaveCount(0);
    expect(await layoutShift(page)).toBe(0);
  });

  test('a new announcement id shows again; an expired one is hidden before it paints', async ({ page, site }) => {
    await page.addInitScript(() => localStorage.setItem('vitrina-announcement:some-older-one', 'dismissed'));
    await page.goto('/en/docs/portal');
    await expect(page.locator('.announcement-bar')).toBeVisible();
    await expect(page.locator('.announcement-bar a')).toHaveText(site.manifest.locales.en!.announcement!.link!.label);
    await page.clock.install({ time: new Date('2100-01-01T00:00:00Z') });
    await page.goto('/en/docs/portal');
    await expect(page.locator('.announcement-bar')).toBeHidden();
  });
});

/** Stand-in for Metrica's tag.js: a goal becomes a request to the collector, as with the real one. */
const FAKE_METRICA = `(function () {
  var queue = (window.ym && window.ym.a) || [];
  function handle(args) {
    if (args[1] === 'reachGoal') fetch('https://mc.yandex.ru/watch/' + args[0] + '?goal=' + args[2] + '&params=' + encodeURIComponent(JSON.stringify(args[3])), { mode: 'no-cors' });
  }
  window.ym = function () { handle(arguments); };
  queue.forEach(handle);
})();`;

async function collectGoals(page: Page): Promise<{ goal: string; params: Record<string, string> }[]> {
  const goals: { goal: string; params: Record<string, string> }[] = [];
  await page.route('https://mc.yandex.ru/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/tag.js')) return route.fulfill({ contentType: 'text/javascript', body: FAKE_METRICA });
    if (url.searchParams.get('goal'))
      goals.push({ goal: url.searchParams.get('goal')!, params: JSON.parse(url.searchParams.get('params')!) as Record<string, string> });
    return route.fulfill({ status: 200, body: '' });
  });
  return goals;
}

test.describe('was this page helpful', () => {
  test('"no" with a reason and a comment, by keyboard: exactly one event with the page, locale and version', async ({ page, site }) => {
    const goals = await collectGoals(page);
    const ui = site.manifest.locales.en!.ui.feedback;
    await page.goto(`/en${BRANDS_V1}`);
    await hydrated(page);
    const no = page.getByRole('button', { name: ui.no, exact: true });
    await no.focus();
    await page.keyboard.press('Enter');
    await expect(no).toHaveAttribute('aria-pressed', 'true');
    // Focus moves to the first reason; arrows choose within the group.
    await expect(page.getByRole('radio', { name: ui.inaccurate })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: ui.unclear })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: ui.comment })).toBeFocused();
    await page.keyboard.type('The pagination example uses the v1.5 host');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(ui.thanks);
    await expect.poll(() => goals.length).toBe(1);
    await page.waitForTimeout(300);
    expect(goals).toEqual([
      {
        goal: 'page_feedback',
        params: {
          page_path: `/en${BRANDS_V1}`,
          page_locale: 'en',
          doc_version: 'v1',
          helpful: 'no',
          reason: 'unclear',
          comment: 'The pagination example uses the v1.5 host',
        },
      },
    ]);
    // One answer per page: after a reload the question is not asked again.
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.feedback')).toContainText(ui.answered);
    await expect(page.getByRole('button', { name: ui.no, exact: true })).toHaveCount(0);
    expect(goals).toHaveLength(1);
  });

  test('"yes" sends one event at once', async ({ page, site }) => {
    const goals = await collectGoals(page);
    const ui = site.manifest.locales.ru!.ui.feedback;
    await page.goto('/docs/mobile/ic3/visits/start');
    await hydrated(page);
    await page.getByRole('button', { name: ui.yes, exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(ui.thanks);
    await expect.poll(() => goals.length).toBe(1);
    expect(goals[0]!.params).toEqual({ page_path: '/docs/mobile/ic3/visits/start', page_locale: 'ru', doc_version: 'ic3', helpful: 'yes' });
  });
});

test.describe('helpful not-found page', () => {
  test('a mistyped path offers the right page, with HTTP 404', async ({ page, pageErrors }) => {
    const response = await page.goto('/docs/mobile/ic3/visit/start');
    expect(response!.status()).toBe(404);
    await hydrated(page);
    const suggestions = page.locator('.not-found-suggestions');
    await expect(suggestions.locator('a').first()).toHaveAttribute('href', '/docs/mobile/ic3/visits/start');
    await suggestions.locator('a').first().click();
    await expect(page).toHaveURL('/docs/mobile/ic3/visits/start');
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 404')));
  });

  test('in English under /en, and a path that only lacks the /en prefix is offered in English', async ({ page, site, pageErrors }) => {
    const response = await page.goto('/en/docs/mobile/ic3/visits/strat');
    expect(response!.status()).toBe(404);
    await hydrated(page);
    await expect(page.locator('h1')).toHaveText(site.manifest.locales.en!.ui.notFound.title);
    await expect(page.locator('.not-found-suggestions a').first()).toHaveAttribute('href', '/en/docs/mobile/ic3/visits/start');
    // A Russian-only path typed under /en/… offers the page in Russian too (and the reverse).
    await page.goto('/en/en/docs/portal');
    await hydrated(page);
    await expect(page.locator('.not-found-suggestions a[href="/en/docs/portal"]')).toBeVisible();
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 404')));
  });

  test('the search over the words of the path suggests pages when no path is close', async ({ page, pageErrors }) => {
    await page.goto('/en/help/planogram/compliance');
    await hydrated(page);
    await expect(page.locator('.not-found-suggestions a').first()).toBeVisible();
    expect(await page.locator('.not-found-suggestions a').count()).toBeGreaterThan(0);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 404')));
  });
});
