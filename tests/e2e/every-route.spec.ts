/**
 * Every route of both locales, read on a phone and on a laptop.
 *
 * - On a phone (touch; 390 px, in light and in dark mode): what must fit the content column
 *   (fit-checks.ts: no copy button over code, no formula or table wider than its column, no
 *   inline code token of 32 characters or fewer split across lines, no shell command scrolling
 *   sideways) and what a phone reader stumbles on (reading-checks.ts: a page that scrolls
 *   sideways, text cut off, a table cell squeezed below a readable width, a diagram too small to
 *   read that does not open full size, a light diagram in dark mode).
 * - On a laptop (1280 px, in light and in dark mode): what must fit.
 *
 * The routes are split into shards that run in parallel. A shard keeps one page, as a reader
 * does: it loads its first route and follows a link to each of the others (sparing a page load
 * per route), and measures each route in every state of its screen. The order of the states
 * alternates from one route to the next (light → dark, then back), so that a route starts in
 * the state the previous one ended in and each step changes only the system's colour mode, which
 * the site follows without a reload.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { findFitProblems, FIT_CHECKS } from './fit-checks.ts';
import { openRoute, titled } from './open-route.ts';
import { findReadingProblems, READING_CHECKS } from './reading-checks.ts';

interface State {
  width: number;
  height: number;
  scheme: 'light' | 'dark';
  /** The phone reader's checks too, besides what must fit. */
  reading: boolean;
}

/** Pages that are not routes of the manifest but have their own layout. */
const EXTRA = ['/search?q=визит', '/en/search?q=visit', '/no/such/page', '/en/no/such/page'];

interface Screen {
  name: 'phone' | 'laptop';
  shards: number;
  context: { viewport: { width: number; height: number }; isMobile: boolean; hasTouch: boolean };
  /** The first is the state the page opens in. */
  states: [State, ...State[]];
  extra: string[];
}

const SCREENS: Screen[] = [
  {
    name: 'phone',
    shards: 4,
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    states: [
      { width: 390, height: 844, scheme: 'light', reading: true },
      { width: 390, height: 844, scheme: 'dark', reading: true },
    ],
    extra: EXTRA,
  },
  {
    name: 'laptop',
    shards: 3,
    context: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
    states: [
      { width: 1280, height: 800, scheme: 'light', reading: false },
      { width: 1280, height: 800, scheme: 'dark', reading: false },
    ],
    extra: [],
  },
];

/** Moves the page from one state to the next: its width, or the system's colour mode. */
async function enter(page: Page, from: State, to: State): Promise<void> {
  if (from.width !== to.width || from.height !== to.height) {
    await page.setViewportSize({ width: to.width, height: to.height });
    // Layout that scripts set on resize (the navbar's overflow menu) settles within two frames.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
  if (from.scheme !== to.scheme) {
    await page.emulateMedia({ colorScheme: to.scheme });
    await page.waitForFunction((scheme) => document.documentElement.dataset.theme === scheme, to.scheme);
  }
}

async function measure(page: Page, state: State): Promise<string[]> {
  const problems = await page.evaluate(findFitProblems, FIT_CHECKS);
  if (state.reading) problems.push(...(await page.evaluate(findReadingProblems, READING_CHECKS)));
  return problems;
}

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ ...screen.context, colorScheme: screen.states[0].scheme });

    for (let shard = 0; shard < screen.shards; shard++) {
      test(`routes ${shard + 1}/${screen.shards} fit and read well in every state`, async ({ page, site, pageErrors }) => {
        test.setTimeout(600_000);
        const all = [
          ...site.routes
            .filter((r) => r.kind !== 'redirect' && (screen.name === 'phone' || r.kind !== 'search'))
            .map((r) => ({ path: r.path, title: titled(r) })),
          ...screen.extra.map((path) => ({ path, title: null })),
        ];
        const problems: string[] = [];
        let current: State = screen.states[0];
        let forward = true;
        for (const { path, title } of all.filter((_, i) => i % screen.shards === shard)) {
          await openRoute(page, path, title);
          if (path.includes('/search?')) await expect(page.locator('.search-results li').first()).toBeVisible({ timeout: 15_000 });
          for (const state of forward ? screen.states : [...screen.states].reverse()) {
            await enter(page, current, state);
            current = state;
            const where = `${path} ${state.width} px ${state.scheme}`;
            problems.push(...(await measure(page, state)).map((p) => `${where}: ${p}`));
          }
          forward = !forward;
        }
        expect(problems).toEqual([]);
        // The not-found pages are served with status 404, which the browser logs.
        pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 404')));
      });
    }
  });
}
