/**
 * Every route of both locales at a phone's width (390 px) and a laptop's (1280 px), each in light
 * and dark mode: no copy button over code, no formula (nor, with FIT_CHECKS.tables, table) wider than its column, no inline
 * code token of 32 characters or fewer split across lines (fit-checks.ts).
 *
 * The routes are split into shards that run in parallel. A shard keeps one page: it opens its
 * first route and follows a link to each of the others, as a reader would (sparing a page load
 * per route), measures the page in light mode with one evaluate, switches the system colour
 * scheme (the site follows it without a reload) and measures again.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openRoute, titled } from './open-route.ts';
import { findFitProblems, FIT_CHECKS } from './fit-checks.ts';

const SHARDS = 10;

async function measure(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
  return page.evaluate(findFitProblems, FIT_CHECKS);
}

for (const screen of [
  { name: 'phone', width: 390, height: 844, isMobile: true, hasTouch: true },
  { name: 'laptop', width: 1280, height: 800, isMobile: false, hasTouch: false },
]) {
  test.describe(`${screen.width} px`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height }, isMobile: screen.isMobile, hasTouch: screen.hasTouch });

    for (let shard = 0; shard < SHARDS; shard++) {
      test(`routes ${shard + 1}/${SHARDS}: code, formulas, tables and inline code fit, light and dark`, async ({ page, site }) => {
        test.setTimeout(600_000);
        const routes = site.routes.filter((r) => r.kind !== 'redirect' && r.kind !== 'search');
        const problems: string[] = [];
        let scheme: 'light' | 'dark' = 'light';
        for (const route of routes.filter((_, i) => i % SHARDS === shard)) {
          await openRoute(page, route.path, titled(route));
          // Light then dark, or dark then light: one switch of the scheme per page.
          const order: ('light' | 'dark')[] = scheme === 'light' ? ['light', 'dark'] : ['dark', 'light'];
          for (const s of order) {
            problems.push(...(await measure(page, s)).map((p) => `${route.path} ${screen.width} px ${s}: ${p}`));
            scheme = s;
          }
        }
        expect(problems).toEqual([]);
      });
    }
  });
}
