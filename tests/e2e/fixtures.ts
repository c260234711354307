/**
 * Shared test setup: the base URL of the nginx started by the global setup, the built site's
 * manifest and page JSON (read from dist/), and a page that fails its test on any console
 * error, page error or CSP violation (hydration mismatches are reported as console errors).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleCode, Manifest, ManifestChunk, RouteEntry, PageData, SidebarId, SidebarItem } from '@vitrina-docs/schemas';
import { readBuiltSite, type BuiltSite } from '../helpers/built-site.ts';
import { distDir } from './nginx.ts';

export { expect };

const THIRD_PARTY = /^https:\/\/(?:mc\.yandex\.(?:ru|com)|www\.googletagmanager\.com|[a-z0-9.-]*google-analytics\.com)\//;

export class Site {
  readonly dist = distDir();
  private readonly built: BuiltSite = readBuiltSite(this.dist);
  /** The manifest shell (dist/manifest.json). */
  readonly manifest: Manifest = this.built.manifest;
  /** Every route of the built site (shell and chunks). */
  readonly routes: RouteEntry[] = this.built.routes;
  /** Every manifest chunk, by URL. */
  readonly chunks: Map<string, ManifestChunk> = this.built.chunks;

  sidebar(locale: LocaleCode, sidebar: SidebarId, version: string | null): SidebarItem[] {
    return this.built.sidebar(locale, sidebar, version);
  }

  /** The URL of a sidebar's chunk in a version (null: no versions). */
  chunkUrl(locale: LocaleCode, sidebar: SidebarId | 'blog', version: string | null = null): string {
    const ref = this.manifest.locales[locale]!.chunks.find((c) =>
      sidebar === 'blog' ? c.kind === 'blog' : c.sidebar === sidebar && c.version === version,
    );
    if (!ref) throw new Error(`no chunk ${sidebar} ${version ?? ''} in ${locale}`);
    return ref.url;
  }

  /** The URL of the part of a sidebar's tree that holds a folder (its prefix: `/docs/mobile/ic3/visits`). */
  partUrl(locale: LocaleCode, version: string | null, prefix: string): string {
    const found = [...this.chunks].find(
      ([, c]) => c.kind === 'part' && c.locale === locale && c.version === version && c.prefix === prefix,
    );
    if (!found) throw new Error(`no part ${prefix} ${version ?? ''} in ${locale}`);
    return found[0];
  }

  route(path: string): RouteEntry {
    const route = this.routes.find((r) => r.path === path);
    if (!route) throw new Error(`no route ${path} in the built site`);
    return route;
  }

  dataUrl(path: string): string {
    const route = this.route(path);
    if (route.kind !== 'doc' && route.kind !== 'blog-post') throw new Error(`${path} has no page JSON`);
    return route.data;
  }

  page(path: string): PageData {
    return JSON.parse(readFileSync(join(this.dist, this.dataUrl(path)), 'utf8')) as PageData;
  }

  /** The first doc route matching a predicate. */
  findDoc(test: (r: Extract<RouteEntry, { kind: 'doc' }>) => boolean): Extract<RouteEntry, { kind: 'doc' }> {
    const route = this.routes.find((r): r is Extract<RouteEntry, { kind: 'doc' }> => r.kind === 'doc' && test(r));
    if (!route) throw new Error('no such doc route');
    return route;
  }
}

let sharedSite: Site | null = null;

export interface Fixtures {
  site: Site;
  /** Errors seen so far; a test that expects some clears this list. */
  pageErrors: string[];
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(process.env.VITRINA_BASE_URL),
  site: async ({}, use) => use((sharedSite ??= new Site())),
  pageErrors: async ({}, use) => use([]),
  page: async ({ page, pageErrors }, use) => {
    watch(page, pageErrors);
    // Analytics scripts of the real site config: answered locally (the tests run offline).
    await page.route(THIRD_PARTY, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    await use(page);
    expect(pageErrors, 'console errors, page errors or CSP violations').toEqual([]);
  },
});

export function watch(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|did not match/i.test(message.text())) errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
}

/** Opens every folded category of the sidebar (a folded category's pages are drawn when it opens, a large one's once its part is loaded). */
export async function expandSidebar(page: Page): Promise<void> {
  const folded = page.locator('.sidebar .sidebar-toggle[aria-expanded="false"]');
  for (let n = await folded.count(); n > 0; n = await folded.count()) {
    await folded.first().click();
    // A large category's pages come with its part.
    await expect(page.locator('.sidebar [aria-busy="true"]')).toHaveCount(0);
  }
}

/** Waits until the client has hydrated and started routing (the router marks <html>). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Marks the window so that a full reload can be told from a client navigation. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __vdMark: number }).__vdMark = 42));
}

export async function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __vdMark?: number }).__vdMark === 42);
}
