/**
 * The search runtime's browser build (`@vitrina-docs/search/browser`, one ES module) in a page of
 * the built site served by nginx: it opens the site's search by its URL and ranks as the site does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type * as SearchPackage from '@vitrina-docs/search';
import { expect, test } from './fixtures.ts';

const BUNDLE = fileURLToPath(new URL('../../search/lib/browser/vitrina-search.js', import.meta.url));
const AT = '/__test__/vitrina-search.js';

test('the browser build answers "как начать визит" and "start a visit" with the IC3 pages first', async ({ page }) => {
  expect(existsSync(BUNDLE), 'the browser build (npm run compile) is missing').toBe(true);
  // Served from the site's origin, so that the site's Content-Security-Policy allows it.
  await page.route(`**${AT}`, (route) => route.fulfill({ body: readFileSync(BUNDLE, 'utf8'), contentType: 'text/javascript' }));
  await page.goto('/');
  const results = await page.evaluate(async (at) => {
    const { openSearch } = (await import(at)) as typeof SearchPackage;
    const search = await openSearch({ site: location.origin });
    const ru = await search.search('как начать визит', { limit: 3 });
    const en = await search.search('start a visit', { limit: 3 });
    const ic2 = await search.search('start a visit', { limit: 1, version: 'ic2' });
    return { ru, en, ic2, files: (await search.files('ru', { sidebars: ['mobile', 'support'] })).length };
  }, AT);
  expect(results.ru[0]).toMatchObject({ route: '/docs/mobile/ic3/visits/start', version: 'ic3', current: true });
  expect(results.ru[0]!.url).toMatch(/^https:\/\/docs\.vitrina\.example\/docs\/mobile\/ic3\/visits\/start(#|$)/);
  expect(results.ru[0]!.text).toMatch(/визит/i);
  expect(results.en[0]!.route).toBe('/en/docs/mobile/ic3/visits/start');
  expect(results.en[0]!.title).toBe('Start a visit');
  expect(results.ic2[0]).toMatchObject({ route: '/en/docs/mobile/ic2/visits/start', current: false });
  expect(results.files).toBeGreaterThan(10);
});
