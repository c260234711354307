/** Client navigation, page JSON on demand, prefetch, progress bar, and clean /index paths. */
import type { Page } from '@playwright/test';
import { expect, hydrated, markWindow, test, windowMarked } from './fixtures.ts';

const START = '/docs/mobile/ic3/visits/start';

function dataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/data/')) seen.push(path);
  });
  return seen;
}

/** Reports the connection the page sees (navigator.connection). */
async function connection(page: Page, value: { saveData?: boolean; effectiveType?: string }) {
  await page.addInitScript((c) => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ ...c, addEventListener() {} }) });
  }, value);
}

test.describe('client navigation', () => {
  test('goes between pages without a full reload, loading one page JSON on demand', async ({ page, site }) => {
    const requests = dataRequests(page);
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.goto(START);
    await hydrated(page);
    await markWindow(page);
    const next = site.page(START).next!;
    await page.locator('.pagination-link.next').click();
    await expect(page).toHaveURL(next.path);
    await expect(page.locator('h1')).toHaveText(site.page(next.path).title);
    expect(await windowMarked(page)).toBe(true);
    expect(documents).toHaveLength(1);
    expect(requests).toContain(site.dataUrl(next.path));
    // On demand: only pages that were shown, hovered or scrolled into view, never the whole site.
    expect(new Set(requests).size).toBeLessThan(12);
    for (const url of requests) expect(url).toMatch(/^\/data\/(ru|en)\/.+\.[0-9a-f]+\.json$/);
    // The title and the sidebar follow.
    await expect(page).toHaveTitle(new RegExp(site.page(next.path).title));
    await expect(page.locator('.sidebar [aria-current="page"]')).toHaveAttribute('href', next.path);
  });

  test('prefetches a page JSON on hover', async ({ page, site }) => {
    await page.goto(START);
    await hydrated(page);
    const link = page.locator('.sidebar a[href="/docs/mobile/ic3/visits/end"]');
    const request = page.waitForRequest((r) => r.url().endsWith(site.dataUrl('/docs/mobile/ic3/visits/end')));
    await link.hover();
    await request;
  });

  test('prefetches a page JSON when its link becomes visible', async ({ page, site }) => {
    const next = site.page(START).next!;
    const requests = dataRequests(page);
    await page.goto(START);
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(requests).not.toContain(site.dataUrl(next.path));
    const request = page.waitForRequest((r) => r.url().endsWith(site.dataUrl(next.path)));
    await page.locator('.pagination-link.next').scrollIntoViewIfNeeded();
    await request;
  });

  for (const network of [{ saveData: true, effectiveType: '4g' }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }]) {
    test(`does not prefetch when ${JSON.stringify(network)}`, async ({ page, site }) => {
      await connection(page, network);
      const requests = dataRequests(page);
      await page.goto(START);
      await hydrated(page);
      await page.locator('.sidebar a[href="/docs/mobile/ic3/visits/end"]').hover();
      await page.locator('.pagination-link.next').scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      expect(requests).toEqual([]);
      // A click still loads the page, on demand.
      await page.locator('.sidebar a[href="/docs/mobile/ic3/visits/end"]').click();
      await expect(page.locator('h1')).toHaveText(site.page('/docs/mobile/ic3/visits/end').title);
      expect(requests).toEqual([site.dataUrl('/docs/mobile/ic3/visits/end')]);
    });
  }

  test('the locale switcher keeps the page and <html lang> follows', async ({ page, site }) => {
    await page.goto(`${START}#before-you-start`);
    await hydrated(page);
    await markWindow(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.locator('.navbar-end > .navbar-wide .locale-link').click();
    await expect(page).toHaveURL(`/en${START}#before-you-start`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toHaveText(site.page(`/en${START}`).title);
    await expect(page.locator('.navbar-sections a').first()).toHaveText(site.manifest.locales.en!.navbar[0]!.label);
    expect(await windowMarked(page)).toBe(true);
    await page.locator('.navbar-end > .navbar-wide .locale-link').click();
    await expect(page).toHaveURL(`${START}#before-you-start`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('/docs leads to /docs/mobile on the client as well', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => {
      history.pushState(null, '', '/docs');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL('/docs/mobile');
  });
});

test.describe('progress bar', () => {
  async function navigateSlowly(page: Page, delay: number, dataUrl: string) {
    await page.route(`**${dataUrl}`, async (route) => {
      await new Promise((r) => setTimeout(r, delay));
      await route.continue();
    });
  }

  test('appears when a route takes longer than 1000 ms', async ({ page, site }) => {
    const target = '/docs/mobile/ic3/visits/end';
    await navigateSlowly(page, 3000, site.dataUrl(target));
    await page.goto(START);
    await hydrated(page);
    // Times measured in the page: from the click to the bar's appearance.
    await page.evaluate(() => {
      const w = window as unknown as { __clickedAt: number; __shownAt: number };
      addEventListener('click', () => (w.__clickedAt = performance.now()), { capture: true });
      new MutationObserver(() => {
        if (!w.__shownAt && document.querySelector('.progress-bar[data-shown]')) w.__shownAt = performance.now();
      }).observe(document.body, { attributes: true, subtree: true });
    });
    const bar = page.locator('.progress-bar');
    await page.locator(`.sidebar a[href="${target}"]`).click();
    await expect(bar).toHaveAttribute('data-shown', { timeout: 4000 });
    const { clickedAt, shownAt } = await page.evaluate(() => {
      const w = window as unknown as { __clickedAt: number; __shownAt: number };
      return { clickedAt: w.__clickedAt, shownAt: w.__shownAt };
    });
    expect(shownAt - clickedAt).toBeGreaterThanOrEqual(990);
    await expect(page.locator('h1')).toHaveText(site.page(target).title, { timeout: 6000 });
    await expect(bar).not.toHaveAttribute('data-shown');
  });

  test('does not appear when a route loads within a second', async ({ page, site }) => {
    const target = '/docs/mobile/ic3/visits/end';
    await navigateSlowly(page, 300, site.dataUrl(target));
    await page.goto(START);
    await hydrated(page);
    await page.evaluate(() => {
      const w = window as unknown as { __barSeen: boolean };
      w.__barSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('.progress-bar[data-shown]')) w.__barSeen = true;
      }).observe(document.body, { attributes: true, subtree: true });
    });
    await page.locator(`.sidebar a[href="${target}"]`).click();
    await expect(page.locator('h1')).toHaveText(site.page(target).title);
    await page.waitForTimeout(1200);
    expect(await page.evaluate(() => (window as unknown as { __barSeen: boolean }).__barSeen)).toBe(false);
  });
});

test.describe('clean paths', () => {
  test('the server redirects /index.html and /index to the clean path', async ({ page }) => {
    const response = await page.goto('/docs/mobile/index.html');
    await expect(page).toHaveURL('/docs/mobile');
    expect(response!.request().redirectedFrom()?.url()).toContain('/docs/mobile/index.html');
    await page.goto('/en/docs/portal/index');
    await expect(page).toHaveURL('/en/docs/portal');
  });

  test('the client replaces a path ending in /index.html or /index with the clean path', async ({ page, site }) => {
    await page.goto('/');
    await hydrated(page);
    await markWindow(page);
    for (const [dirty, clean] of [
      ['/docs/mobile/index.html', '/docs/mobile'],
      ['/docs/portal/index', '/docs/portal'],
      ['/en/index.html', '/en'],
    ]) {
      await page.evaluate((p) => {
        history.pushState(null, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, dirty!);
      await expect(page).toHaveURL(clean!);
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await windowMarked(page)).toBe(true);
    expect(site.route('/docs/portal').kind).toBe('doc');
  });

  test('a static host that serves /x/index.html as it is still ends on the clean path', async ({ page, site }) => {
    const html = await (await page.request.get('/docs/mobile')).text();
    await page.route('**/docs/mobile/index.html', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    await page.goto('/docs/mobile/index.html');
    await hydrated(page);
    await expect(page).toHaveURL('/docs/mobile');
    await expect(page.locator('h1')).toHaveText(site.page('/docs/mobile').title);
  });
});
