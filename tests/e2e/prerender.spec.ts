/** Prerendered HTML, inline page JSON, hydration, and the route table kept out of the bundle. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, hydrated, test } from './fixtures.ts';

test.describe('prerender', () => {
  test('every route has its index.html in both locales, with the page in the HTML', async ({ site }) => {
    const routes = site.routes.filter((r) => r.kind !== 'redirect');
    expect(routes.some((r) => r.locale === 'en')).toBe(true);
    for (const route of routes) {
      const file = join(site.dist, route.path === '/' ? 'index.html' : `${route.path.slice(1)}/index.html`);
      expect(existsSync(file), file).toBe(true);
      if (route.kind === 'doc') {
        const html = readFileSync(file, 'utf8');
        expect(html, route.path).toContain(`<html lang="${site.manifest.locales[route.locale]!.info.lang}"`);
        expect(html, route.path).toContain('id="vd-title"');
      }
    }
    for (const locale of ['ru', 'en'] as const) {
      expect(
        routes
          .filter((r) => r.locale === locale)
          .map((r) => r.key)
          .sort(),
      ).toEqual(
        routes
          .filter((r) => r.locale === 'ru')
          .map((r) => r.key)
          .sort(),
      );
    }
  });

  test('a page is readable without JavaScript', async ({ browser, baseURL, site }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const data = site.page('/docs/mobile/ic3/visits/start');
    await page.goto('/docs/mobile/ic3/visits/start');
    await expect(page.locator('h1')).toHaveText(data.title);
    await expect(page.locator('.sidebar [aria-current="page"]')).toHaveText(/.+/);
    await expect(page.locator('.doc-body h2').first()).toBeVisible();
    await expect(page.locator('.toc a').first()).toHaveAttribute('href', `#${data.toc[0]!.id}`);
    await context.close();
  });

  test('the first page JSON is inline and the client hydrates it without a mismatch', async ({ page, site, pageErrors }) => {
    const path = site.findDoc((r) => r.api && r.version === 'v1.5').path;
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(path);
    const inline = await page.locator('#__VITRINA_PAGE__').textContent();
    expect(JSON.parse(inline!)).toEqual(site.page(path));
    await hydrated(page);
    // The page JSON of the first page is not fetched again: it came with the HTML.
    expect(requests).not.toContain(site.dataUrl(path));
    expect(requests).toContain('/manifest.json');
    // With the shell, the chunk of the page's own sidebar in its version, named by the HTML.
    const route = site.route(path);
    if (route.kind !== 'doc') throw new Error('not a doc route');
    expect(requests).toContain(site.chunkUrl('ru', route.sidebar, route.version));
    expect(pageErrors).toEqual([]);
    // Hydrated: the copy button of the endpoint works as a React control.
    await expect(page.locator('.endpoint .copy-button')).toBeVisible();
  });

  test('hydrates every kind of route without errors', async ({ page }) => {
    for (const path of ['/', '/en', '/search', '/en/blog', '/blog/archive', '/docs/portal', '/en/docs/api/backend']) {
      await page.goto(path);
      await hydrated(page);
    }
  });

  test('the route table is not compiled into the JavaScript', async ({ site }) => {
    const assets = join(site.dist, 'assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const code = js.map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
    const docs = site.routes.filter((r) => r.kind === 'doc');
    const found = docs.filter((r) => code.includes(`"${r.path}"`) || code.includes(`\`${r.path}\``) || code.includes(r.title));
    expect(found.map((r) => r.path)).toEqual([]);
    expect(code).not.toContain(site.manifest.buildId);
    // All the code, lazy chunks included (the API console alone is about 150 KB raw, loaded only
    // when opened): it must not grow with the content.
    const allBytes = js.map((f) => statSync(join(assets, f)).size).reduce((a, b) => a + b, 0);
    expect(allBytes).toBeLessThan(600_000);
  });
});
