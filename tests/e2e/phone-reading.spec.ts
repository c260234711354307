/**
 * Every route of both locales read on a phone, at 360 px (dark) and 390 px (light): the page
 * does not scroll sideways, no text is cut off, inline code wraps only between its parts,
 * table cells keep a readable width, and diagrams are legible or open full size, and dark in
 * dark mode (reading-checks.ts). The routes are split into shards that run in parallel; a
 * shard opens its first page and follows a link to each of the others, as a reader would,
 * which spares a page load per route.
 */
import { expect, test } from './fixtures.ts';
import { openRoute, titled } from './open-route.ts';
import { findReadingProblems, READING_CHECKS } from './reading-checks.ts';

const SHARDS = 8;

/** Pages that are not routes of the manifest but have their own layout. */
const EXTRA = ['/search?q=визит', '/en/search?q=visit', '/no/such/page', '/en/no/such/page'];

for (const phone of [
  { width: 360, height: 780, colorScheme: 'dark' as const },
  { width: 390, height: 844, colorScheme: 'light' as const },
]) {
  test.describe(`${phone.width} px, ${phone.colorScheme}`, () => {
    test.use({ viewport: { width: phone.width, height: phone.height }, colorScheme: phone.colorScheme, isMobile: true, hasTouch: true });

    for (let shard = 0; shard < SHARDS; shard++) {
      test(`routes ${shard + 1}/${SHARDS} read well`, async ({ page, site, pageErrors }) => {
        test.setTimeout(120_000);
        const all = [
          ...site.routes.filter((r) => r.kind !== 'redirect').map((r) => ({ path: r.path, title: titled(r) })),
          ...EXTRA.map((path) => ({ path, title: null })),
        ];
        const problems: string[] = [];
        for (const { path, title } of all.filter((_, i) => i % SHARDS === shard)) {
          await openRoute(page, path, title);
          if (path.includes('/search?')) await expect(page.locator('.search-results li').first()).toBeVisible({ timeout: 15_000 });
          problems.push(...(await page.evaluate(findReadingProblems, READING_CHECKS)).map((p) => `${path}: ${p}`));
        }
        expect(problems).toEqual([]);
        // The not-found pages are served with status 404, which the browser logs.
        pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 404')));
      });
    }
  });
}
