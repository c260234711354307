/** The renderer draws only allowed elements and attributes, and drops unsafe URLs, even from hostile JSON. */
import { expect, hydrated, test } from './fixtures.ts';
import { assertHarmless } from './assert-harmless.ts';
import { HOSTILE_BODY } from '../embed-app/hostile-body.ts';

test('hostile page JSON is drawn harmless', async ({ page, site, pageErrors }) => {
  const target = '/docs/mobile/ic3/visits/end';
  const hostile = { ...site.page(target), body: HOSTILE_BODY };
  await page.route(`**${site.dataUrl(target)}`, (route) => route.fulfill({ json: hostile }));
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto('/docs/mobile/ic3/visits/start');
  await hydrated(page);
  await page.locator(`.sidebar a[href="${target}"]`).click();
  await assertHarmless(page, '.doc-body');
  expect(dialogs).toBe(0);
  await expect(page.locator('#vd-main')).toHaveCount(1);
  expect(await page.locator('#__VITRINA_PAGE__').evaluate((e) => e.tagName)).toBe('SCRIPT');
  pageErrors.length = 0; // a broken image "x" is logged
});

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  test('the service worker starts whatever locales a registration names (`?locales=constructor`)', async ({ page }) => {
    await page.goto('/');
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/sw.js?locales=constructor,__proto__', { scope: '/' });
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      if (!worker) return 'none';
      if (worker.state !== 'activated')
        await new Promise<void>((resolve) => {
          const done = () => (worker.state === 'activated' || worker.state === 'redundant' ? resolve() : undefined);
          worker.addEventListener('statechange', done);
          done();
        });
      const result = worker.state;
      await registration.unregister();
      return result;
    });
    expect(state).toBe('activated');
  });
});
