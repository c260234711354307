/**
 * The split manifest in the browser: a page loads the shell and its own chunk only (and the part
 * of that chunk's tree that holds it); the chunks of other sidebars, versions, locales and the
 * blog, and the parts of folded groups, come when a navigation, a hover, an opened group or the
 * version selector needs them, and every kind of move keeps working without a reload.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, markWindow, test, windowMarked } from './fixtures.ts';

const START = '/docs/mobile/ic3/visits/start';
const VISITS = '/docs/mobile/ic3/visits';

/** The manifest files (shell and chunks) the page requests from now on. */
function manifestRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/manifest.json' || path.startsWith('/manifest/')) seen.push(path);
  });
  return seen;
}

test.describe('manifest chunks', () => {
  test('the first load of a docs page fetches the shell, its own sidebar’s chunk and the part that holds it, no site-wide route table', async ({
    page,
    site,
  }) => {
    const requests = manifestRequests(page);
    await page.goto(START);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const part = site.partUrl('ru', 'ic3', VISITS);
    expect(requests.sort()).toEqual(['/manifest.json', site.chunkUrl('ru', 'mobile', 'ic3'), part].sort());
    // The shell names every chunk but holds no doc route; the chunk holds its own sidebar's routes
    // only, and not those of the part, which holds the page.
    const shell = await (await page.request.get('/manifest.json')).json();
    expect(JSON.stringify(shell)).not.toContain(START);
    const chunk = site.chunks.get(site.chunkUrl('ru', 'mobile', 'ic3'))!;
    expect(chunk.routes.every((r) => r.kind === 'doc' && r.sidebar === 'mobile' && r.locale === 'ru')).toBe(true);
    expect(chunk.routes.some((r) => r.path === START)).toBe(false);
    expect(site.chunks.get(part)!.routes.some((r) => r.path === START)).toBe(true);
    await expect(page.locator(`.sidebar a[href="${START}"]`)).toHaveAttribute('aria-current', 'page');
  });

  test('a large folded group fetches its part when the pointer reaches it, and draws its pages when opened', async ({ page, site }) => {
    await page.goto('/docs/api/backend');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await markWindow(page);
    const requests = manifestRequests(page);
    const android = '/docs/api/mobile/android';
    const url = site.partUrl('ru', 'v1.5', android);
    const chunk = site.chunks.get(url)!;
    if (chunk.kind !== 'part') throw new Error('not a part');
    const group = page.locator('.sidebar-group').filter({ has: page.locator(`:scope > .sidebar-group-head a[href="${android}"]`) });
    const toggle = group.locator(':scope > .sidebar-group-head .sidebar-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(group.locator('li')).toHaveCount(0);
    await toggle.hover();
    await expect.poll(() => requests).toEqual([url]);
    await toggle.click();
    const first = chunk.items[0]!;
    const href = first.type === 'link' ? first.path : first.path!;
    await expect(group.locator(`a[href="${href}"]`).first()).toBeVisible();
    await group.locator(`a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(href);
    await expect(page.locator('.sidebar [aria-current="page"]')).toHaveAttribute('href', href);
    expect(requests).toEqual([url]);
    expect(await windowMarked(page)).toBe(true);
  });

  test('the home, search and not-found pages fetch the shell alone', async ({ page, pageErrors }) => {
    for (const path of ['/', '/search', '/no/such/page']) {
      const requests = manifestRequests(page);
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(requests, path).toEqual(['/manifest.json']);
    }
    pageErrors.length = 0; // the browser logs the 404 status of the not-found page
  });

  test('a navigation to another sidebar fetches that sidebar’s chunk, then shows its page and tree without a reload', async ({
    page,
    site,
  }) => {
    await page.goto(START);
    await hydrated(page);
    await markWindow(page);
    const requests = manifestRequests(page);
    const target = site.manifest.locales.ru!.navbar.find((n) => n.sidebar === 'api')!.path;
    await page.locator(`.navbar-sections a[href="${target}"]`).click();
    await expect(page).toHaveURL(target);
    await expect(page.locator('h1')).toHaveText(site.page(target).title);
    await expect(page.locator('.sidebar [aria-current="page"]')).toHaveAttribute('href', target);
    await expect(page.locator('.navbar .version-select')).toHaveValue('v1.5');
    expect(requests).toEqual([site.chunkUrl('ru', 'api', 'v1.5')]);
    // Back to the first sidebar: its chunk is still there.
    await page.goBack();
    await expect(page.locator('h1')).toHaveText(site.page(START).title);
    await expect(page.locator(`.sidebar a[href="${START}"]`)).toHaveAttribute('aria-current', 'page');
    expect(requests).toEqual([site.chunkUrl('ru', 'api', 'v1.5')]);
    expect(await windowMarked(page)).toBe(true);
  });

  test('a page of the other version loads that version’s chunk and selects it', async ({ page, site }) => {
    const legacy = '/docs/mobile/ic2/visits/start';
    await page.goto(START);
    await hydrated(page);
    await markWindow(page);
    const requests = manifestRequests(page);
    // A link to it that is not in the ic3 sidebar: through the router, as a link in a page body would.
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, legacy);
    await expect(page.locator('h1')).toHaveText(site.page(legacy).title);
    await expect(page.locator('.navbar .version-select')).toHaveValue('ic2');
    await expect(page.locator('.sidebar [aria-current="page"]')).toHaveAttribute('href', legacy);
    expect(requests).toEqual([site.chunkUrl('ru', 'mobile', 'ic2'), site.partUrl('ru', 'ic2', '/docs/mobile/ic2/visits')]);
    expect(await windowMarked(page)).toBe(true);
  });

  test('the locale switcher loads the other locale’s chunk and draws its sidebar', async ({ page, site }) => {
    await page.goto(START);
    await hydrated(page);
    await markWindow(page);
    const requests = manifestRequests(page);
    await page.locator('.navbar-end > .navbar-wide .locale-link').click();
    await expect(page).toHaveURL(`/en${START}`);
    await expect(page.locator(`.sidebar a[href="/en${START}"]`)).toHaveAttribute('aria-current', 'page');
    expect(requests).toEqual([site.chunkUrl('en', 'mobile', 'ic3'), site.partUrl('en', 'ic3', `/en${VISITS}`)]);
    expect(await windowMarked(page)).toBe(true);
  });

  test('hovering a link to another sidebar prefetches its chunk and its page JSON', async ({ page, site }) => {
    await page.goto(START);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const requests = manifestRequests(page);
    const target = site.manifest.locales.ru!.navbar.find((n) => n.sidebar === 'portal')!.path;
    const data = page.waitForRequest((r) => r.url().endsWith(site.dataUrl(target)));
    await page.locator(`.navbar-sections a[href="${target}"]`).hover();
    await data;
    expect(requests).toEqual([site.chunkUrl('ru', 'portal')]);
  });

  test('a search hit in another sidebar opens its page without a reload', async ({ page, site }) => {
    await page.goto(START);
    await hydrated(page);
    await markWindow(page);
    const requests = manifestRequests(page);
    const input = page.locator('.navbar .search-box input');
    await input.fill('бренды');
    await input.press('Enter');
    const hit = page.locator('.search-results a[href^="/docs/api/"]').first();
    await expect(hit).toBeVisible({ timeout: 15_000 });
    const href = (await hit.getAttribute('href'))!;
    await hit.click();
    const path = href.split('#')[0]!;
    await expect(page).toHaveURL(new RegExp(`${path}(#.*)?$`));
    await expect(page.locator('h1')).toHaveText(site.page(path).title);
    const route = site.route(path);
    if (route.kind !== 'doc') throw new Error('not a doc page');
    expect(requests).toContain(site.chunkUrl('ru', 'api', route.version));
    expect(await windowMarked(page)).toBe(true);
  });

  test('a path in a sidebar that has no such page shows the not-found view on the client', async ({ page, site }) => {
    await page.goto(START);
    await hydrated(page);
    await markWindow(page);
    await page.evaluate(() => {
      history.pushState(null, '', '/docs/portal/no-such-page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('h1')).toHaveText(site.manifest.locales.ru!.ui.notFound.title);
    expect(await windowMarked(page)).toBe(true);
  });

  test('the blog pages load the blog chunk: the index lists its posts and a post opens from it', async ({ page, site }) => {
    await page.goto('/');
    await hydrated(page);
    await markWindow(page);
    const requests = manifestRequests(page);
    await page.evaluate(() => {
      history.pushState(null, '', '/blog');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const blog = site.chunks.get(site.chunkUrl('ru', 'blog'))!;
    if (blog.kind !== 'blog') throw new Error('not the blog chunk');
    await expect(page.locator('.post-summary')).toHaveCount(blog.posts.length);
    await page.locator('.post-summary h2 a').first().click();
    await expect(page.locator('h1')).toHaveText(blog.posts[0]!.title);
    expect(requests).toEqual([site.chunkUrl('ru', 'blog')]);
    expect(await windowMarked(page)).toBe(true);
  });
});
