/**
 * Analytics: one page view per route change and none for a hash change, to the provider of the
 * site config (Yandex Metrica or GA4); nothing with `provider: none`. The tests serve the
 * manifest with the provider under test and stand in for the vendors' scripts, which turn each
 * page view into a request to the vendor's collector, as the real ones do; those requests are
 * intercepted and counted.
 */
import type { Page } from '@playwright/test';
import type { Manifest, Analytics } from '@vitrina-docs/schemas';
import { expect, hydrated, test } from './fixtures.ts';

const FAKE_METRICA = `(function () {
  var queue = (window.ym && window.ym.a) || [];
  function handle(args) {
    if (args[1] === 'hit') fetch('https://mc.yandex.ru/watch/' + args[0] + '?page-url=' + encodeURIComponent(args[2]), { mode: 'no-cors' });
  }
  window.ym = function () { handle(arguments); };
  queue.forEach(handle);
})();`;

const FAKE_GTAG = `(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  function handle(args) {
    if (args[0] === 'event' && args[1] === 'page_view') fetch('https://www.google-analytics.com/g/collect?en=page_view&tid=' + args[2].send_to + '&dl=' + encodeURIComponent(args[2].page_location), { mode: 'no-cors' });
  }
  layer.forEach(handle);
  var push = layer.push;
  layer.push = function (args) { handle(args); return push.apply(layer, arguments); };
})();`;

async function withProvider(page: Page, analytics: Analytics): Promise<{ hits: string[]; scripts: string[] }> {
  const hits: string[] = [];
  const scripts: string[] = [];
  await page.route('**/manifest.json', async (route) => {
    const manifest = (await (await route.fetch()).json()) as Manifest;
    manifest.site.analytics = analytics;
    await route.fulfill({ json: manifest });
  });
  await page.route('https://mc.yandex.ru/**', (route) => {
    const url = route.request().url();
    if (url.includes('/metrika/tag.js')) {
      scripts.push(url);
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_METRICA });
    }
    hits.push(url);
    return route.fulfill({ status: 200, body: '' });
  });
  await page.route('https://www.googletagmanager.com/**', (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: FAKE_GTAG });
  });
  await page.route('https://www.google-analytics.com/**', (route) => {
    hits.push(route.request().url());
    return route.fulfill({ status: 204, body: '' });
  });
  return { hits, scripts };
}

async function visitAround(page: Page, hits: string[]): Promise<void> {
  await page.goto('/docs/mobile/ic3/visits/start');
  await hydrated(page);
  await expect.poll(() => hits.length).toBe(1);
  expect(decodeURIComponent(hits[0]!)).toContain('/docs/mobile/ic3/visits/start');
  await page.locator('.sidebar a[href="/docs/mobile/ic3/visits/end"]').click();
  await expect(page).toHaveURL('/docs/mobile/ic3/visits/end');
  await expect.poll(() => hits.length).toBe(2);
  expect(decodeURIComponent(hits[1]!)).toContain('/docs/mobile/ic3/visits/end');
  // A hash change is not a page view.
  await page.locator('.toc a').nth(1).click();
  await expect(page).toHaveURL(/#/);
  await page.locator('.toc a').nth(0).click();
  await page.waitForTimeout(500);
  expect(hits).toHaveLength(2);
  // Back to the first page: a route change again.
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL('/docs/mobile/ic3/visits/start');
  await expect.poll(() => hits.length).toBe(3);
  await page.waitForTimeout(300);
  expect(hits).toHaveLength(3);
}

test.describe('analytics', () => {
  test('Yandex Metrica: exactly one hit per route change, none for hash changes', async ({ page }) => {
    const { hits, scripts } = await withProvider(page, { provider: 'yandex-metrica', id: '12345678' });
    await visitAround(page, hits);
    expect(hits.every((h) => h.startsWith('https://mc.yandex.ru/watch/12345678?'))).toBe(true);
    expect(scripts).toEqual(['https://mc.yandex.ru/metrika/tag.js']);
  });

  test('Google Analytics 4: exactly one page_view per route change, none for hash changes', async ({ page }) => {
    const { hits, scripts } = await withProvider(page, { provider: 'ga4', id: 'G-TEST123' });
    await visitAround(page, hits);
    expect(hits.every((h) => h.includes('en=page_view&tid=G-TEST123'))).toBe(true);
    expect(scripts).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
  });

  test('the vendor script is loaded without blocking rendering', async ({ page, request }) => {
    await withProvider(page, { provider: 'yandex-metrica', id: '12345678' });
    const html = await (await request.get('/docs/mobile')).text();
    expect(html).not.toContain('mc.yandex');
    expect(html).not.toContain('googletagmanager');
    await page.goto('/docs/mobile');
    await hydrated(page);
    const script = page.locator('script[src="https://mc.yandex.ru/metrika/tag.js"]');
    await expect(script).toHaveCount(1);
    expect(await script.evaluate((s) => (s as HTMLScriptElement).async)).toBe(true);
  });

  test('nothing is loaded or sent when no provider is configured', async ({ page }) => {
    const { hits, scripts } = await withProvider(page, { provider: 'none' });
    const thirdParty: string[] = [];
    page.on('request', (r) => !r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:') && thirdParty.push(r.url()));
    await page.goto('/docs/mobile/ic3/visits/start');
    await hydrated(page);
    // Nothing could receive an answer: the feedback question is not offered.
    await expect(page.locator('.feedback')).toHaveCount(0);
    await page.locator('.sidebar a[href="/docs/mobile/ic3/visits/end"]').click();
    await expect(page).toHaveURL('/docs/mobile/ic3/visits/end');
    await expect(page.locator('.feedback')).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(hits).toEqual([]);
    expect(scripts).toEqual([]);
    expect(thirdParty).toEqual([]);
    expect(await page.evaluate(() => 'ym' in window || 'gtag' in window)).toBe(false);
  });
});
