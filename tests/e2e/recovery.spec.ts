/** A page that fails to load (message + Retry), and a stale tab after a redeploy. */
import type { Manifest, ManifestChunk } from '@vitrina-docs/schemas';
import { expect, hydrated, markWindow, test, windowMarked } from './fixtures.ts';

const FROM = '/docs/mobile/ic3/visits/start';
const TO = '/docs/mobile/ic3/visits/end';

test.describe('load errors', () => {
  test('show the error message and a Retry button that loads the page once the network is back', async ({ page, site, pageErrors }) => {
    await page.goto(FROM);
    await hydrated(page);
    await page.route(`**${site.dataUrl(TO)}`, (route) => route.abort('internetdisconnected'));
    await page.locator(`.sidebar a[href="${TO}"]`).click();
    const alert = page.locator('main [role="alert"]');
    await expect(alert.locator('h1')).toHaveText(site.manifest.locales.ru!.ui.loadError.title);
    await expect(alert.locator('.error-message')).toHaveText(/Failed to fetch/);
    await expect(page).toHaveURL(TO);
    await page.unroute(`**${site.dataUrl(TO)}`);
    await alert.getByRole('button', { name: site.manifest.locales.ru!.ui.loadError.retry }).click();
    await expect(page.locator('h1')).toHaveText(site.page(TO).title);
    pageErrors.length = 0; // the aborted request is logged by the browser
  });

  test('show the HTTP status of a server error', async ({ page, site, pageErrors }) => {
    await page.goto(FROM);
    await hydrated(page);
    await page.route(`**${site.dataUrl(TO)}`, (route) => route.fulfill({ status: 503, body: 'busy' }));
    await page.locator(`.sidebar a[href="${TO}"]`).click();
    await expect(page.locator('.error-message')).toHaveText(`HTTP 503 ${site.dataUrl(TO)}`);
    pageErrors.length = 0;
  });
});

test.describe('stale deploy', () => {
  test('a page JSON that is gone: the shell, the chunk and its part are fetched again and the new URL is used, without a reload', async ({
    page,
    site,
    pageErrors,
  }) => {
    const renamed = (url: string) => url.replace(/\.([0-9a-f]+)\.json$/, '.0123456789.json');
    const oldUrl = site.dataUrl(TO);
    const newUrl = renamed(oldUrl);
    // The next deploy: a new shell naming a new chunk of the sidebar, whose tree names a new part
    // (the one that holds TO), whose route of TO names new page JSON.
    const oldChunk = site.chunkUrl('ru', 'mobile', 'ic3');
    const newChunk = renamed(oldChunk);
    const oldPart = site.partUrl('ru', 'ic3', '/docs/mobile/ic3/visits');
    const newPart = renamed(oldPart);
    const fresh: Manifest = structuredClone(site.manifest);
    fresh.buildId = 'next-deploy';
    for (const ref of fresh.locales.ru!.chunks) if (ref.url === oldChunk) ref.url = newChunk;
    const chunk = JSON.parse(JSON.stringify(site.chunks.get(oldChunk)!).replaceAll(oldPart, newPart)) as ManifestChunk;
    const part = structuredClone(site.chunks.get(oldPart)!) as ManifestChunk;
    for (const r of part.routes) if (r.path === TO && r.kind === 'doc') r.data = newUrl;
    let manifests = 0;
    await page.route('**/manifest.json', (route) => (manifests++ === 0 ? route.continue() : route.fulfill({ json: fresh })));
    await page.route(`**${newChunk}`, (route) => route.fulfill({ json: chunk }));
    await page.route(`**${newPart}`, (route) => route.fulfill({ json: part }));
    await page.route(`**${oldUrl}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.route(`**${newUrl}`, (route) => route.fulfill({ json: site.page(TO) }));
    await page.goto(FROM);
    await hydrated(page);
    await markWindow(page);
    await page.locator(`.sidebar a[href="${TO}"]`).click();
    await expect(page.locator('h1')).toHaveText(site.page(TO).title);
    expect(await windowMarked(page)).toBe(true);
    expect(manifests).toBe(2);
    pageErrors.length = 0;
  });

  test('a manifest chunk that is gone: the shell is fetched again and its new chunk used, without a reload', async ({
    page,
    site,
    pageErrors,
  }) => {
    const target = '/docs/portal';
    const oldChunk = site.chunkUrl('ru', 'portal');
    const newChunk = oldChunk.replace(/\.([0-9a-f]+)\.json$/, '.0123456789.json');
    const fresh: Manifest = structuredClone(site.manifest);
    fresh.buildId = 'next-deploy';
    for (const ref of fresh.locales.ru!.chunks) if (ref.url === oldChunk) ref.url = newChunk;
    let manifests = 0;
    await page.route('**/manifest.json', (route) => (manifests++ === 0 ? route.continue() : route.fulfill({ json: fresh })));
    await page.route(`**${oldChunk}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.route(`**${newChunk}`, (route) => route.fulfill({ json: site.chunks.get(oldChunk) }));
    await page.goto(FROM);
    await hydrated(page);
    await markWindow(page);
    await page.locator(`.navbar a[href="${target}"]`).first().click();
    await expect(page).toHaveURL(target);
    await expect(page.locator('h1')).toHaveText(site.page(target).title);
    await expect(page.locator(`.sidebar a[href="${target}"]`).first()).toBeAttached();
    expect(await windowMarked(page)).toBe(true);
    expect(manifests).toBe(2);
    pageErrors.length = 0;
  });

  test('a manifest chunk still gone after the shell is fetched again: one full reload', async ({ page, site, pageErrors }) => {
    const target = '/docs/portal';
    const chunk = site.chunkUrl('ru', 'portal');
    let misses = 0;
    // Gone for the client router (the first try and the retry), there again for the reloaded page.
    await page.route(`**${chunk}`, (route) => (misses++ < 2 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
    await page.goto(FROM);
    await hydrated(page);
    await markWindow(page);
    await page.locator(`.navbar a[href="${target}"]`).first().click();
    await expect(page.locator('h1')).toHaveText(site.page(target).title);
    expect(await windowMarked(page)).toBe(false);
    expect(documents).toEqual([FROM, target]);
    await hydrated(page);
    pageErrors.length = 0;
  });

  test('when retrying does not help, the tab reloads once (and only once)', async ({ page, site, pageErrors }) => {
    const url = site.dataUrl(TO);
    await page.route(`**${url}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
    await page.goto(FROM);
    await hydrated(page);
    await markWindow(page);
    await page.locator(`.sidebar a[href="${TO}"]`).click();
    // The full reload fetches the fresh HTML of the target, which carries its page JSON inline.
    await expect(page.locator('h1')).toHaveText(site.page(TO).title);
    expect(await windowMarked(page)).toBe(false);
    expect(documents).toEqual([FROM, TO]);
    await hydrated(page);
    // The HTML is fine again: the reload mark is cleared, a later failure may reload again.
    expect(await page.evaluate(() => sessionStorage.getItem('vitrina:reloaded'))).toBeNull();
    pageErrors.length = 0;
  });

  test('a page that keeps failing after the reload shows the error instead of reloading forever', async ({ page, site, pageErrors }) => {
    const url = site.dataUrl(TO);
    await page.route(`**${url}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(FROM);
    await hydrated(page);
    // As if this tab had already reloaded once for TO.
    await page.evaluate((p) => sessionStorage.setItem('vitrina:reloaded', p), TO);
    await markWindow(page);
    await page.locator(`.sidebar a[href="${TO}"]`).click();
    await expect(page.locator('.error-message')).toHaveText(`HTTP 404 ${url}`);
    expect(await windowMarked(page)).toBe(true);
    pageErrors.length = 0;
  });

  test('a code chunk that is gone: one full reload', async ({ page, pageErrors }) => {
    await page.route(/\/assets\/HomeView-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(FROM);
    await hydrated(page);
    await markWindow(page);
    await page.locator('.navbar .brand').click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('.hero-title')).toBeVisible();
    expect(await windowMarked(page)).toBe(false);
    pageErrors.length = 0;
  });
});
