/**
 * Opens a route in a page that a walk over many routes keeps: through a link on the page shown,
 * as a reader would (sparing a page load per route), or by loading it when the page shown is not
 * hydrated yet or the route has no title of its own to wait for.
 */
import type { Page } from '@playwright/test';
import type { RouteEntry } from '@vitrina-docs/schemas';
import { hydrated } from './fixtures.ts';

/** The heading a route's page shows (doc pages and blog posts), else null. */
export function titled(route: RouteEntry): string | null {
  return route.kind === 'doc' || route.kind === 'blog-post' ? route.title : null;
}

export async function openRoute(page: Page, path: string, title: string | null): Promise<void> {
  const shown = await page.evaluate(() => document.documentElement.dataset.hydrated === 'true').catch(() => false);
  if (!title || !shown) {
    await page.goto(path);
    await hydrated(page);
    return;
  }
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    document.querySelector('main')!.append(a);
    a.click();
    a.remove();
  }, path);
  // Titles are unique: the page is drawn once its title is the heading and nothing is loading.
  await page.waitForFunction(
    ([href, heading]) =>
      location.pathname === href &&
      !document.querySelector('main[aria-busy]') &&
      document.querySelector('main h1')?.textContent === heading,
    [path, title] as const,
  );
}
