/** Versioned sidebars: the selection kept, restored, taken from the page, and switched to counterparts. */
import { expandSidebar, expect, hydrated, test } from './fixtures.ts';
import type { Site } from './fixtures.ts';

function versionPath(site: Site, sidebar: 'api' | 'mobile', version: string, counterpart: boolean): string {
  const other = site.manifest.versions[sidebar]!.items.find((v) => v.id !== version)!.id;
  const route = site.findDoc((r) => {
    if (r.locale !== 'ru' || r.sidebar !== sidebar || r.version !== version) return false;
    const swapped = r.path
      .split('/')
      .map((s) => (s === version ? other : s))
      .join('/');
    const named = Object.keys(site.page(r.path).counterparts).length > 0;
    return (site.routes.some((x) => x.path === swapped) || named) === counterpart;
  });
  return route.path;
}

test.describe('versions', () => {
  test('opening a page of the legacy version selects it; the selection is kept and restored', async ({ page, site }) => {
    const legacy = site.findDoc((r) => r.locale === 'ru' && r.sidebar === 'api' && r.version === 'v1').path;
    await page.goto(legacy);
    await hydrated(page);
    const select = page.locator('.navbar .version-select');
    await expect(select).toHaveValue('v1');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vitrina-version:api'))).toBe('v1');
    // A shared page shows the selected version's sidebar.
    await page.locator('.sidebar a[href="/docs/api/backend/auth"]').click();
    await expect(page).toHaveURL('/docs/api/backend/auth');
    await expect(select).toHaveValue('v1');
    await expect(page.locator(`.sidebar a[href="${legacy}"]`)).toHaveCount(1);
    await expect(page.locator('.sidebar a[href*="/methods/v1.5/"]')).toHaveCount(0);
    // Restored on the next visit.
    await page.goto('/docs/api/backend/auth');
    await hydrated(page);
    await expect(select).toHaveValue('v1');
    await expandSidebar(page);
    await expect(page.locator('.sidebar a[href*="/methods/v1.5/"]')).toHaveCount(0);
    await expect(page.locator('.sidebar a[href*="/methods/v1/"]').first()).toBeAttached();
  });

  test('the selector is shown only with a versioned sidebar', async ({ page }) => {
    await page.goto('/docs/portal');
    await hydrated(page);
    await expect(page.locator('.navbar .version-select')).toHaveCount(0);
    await page.goto('/docs/mobile');
    await expect(page.locator('.navbar .version-select')).toHaveValue('ic3');
  });

  test('switching goes to the counterpart page in the other version, at the same section', async ({ page }) => {
    await page.goto('/docs/mobile/ic3/visits/start#before-you-start');
    await hydrated(page);
    await page.locator('.navbar .version-select').selectOption('ic2');
    await expect(page).toHaveURL('/docs/mobile/ic2/visits/start#before-you-start');
    await expect(page.locator('#before-you-start')).toBeInViewport();
    await expect(page.locator('.sidebar [aria-current="page"]')).toHaveAttribute('href', '/docs/mobile/ic2/visits/start');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vitrina-version:mobile'))).toBe('ic2');
    await page.locator('.navbar .version-select').selectOption('ic3');
    await expect(page).toHaveURL('/docs/mobile/ic3/visits/start#before-you-start');
  });

  test('switching from a page without a counterpart goes to the version’s first page', async ({ page, site }) => {
    const lonely = versionPath(site, 'api', 'v1.5', false);
    const items = site.sidebar('ru', 'api', 'v1');
    const first = (function find(list): string | null {
      for (const item of list) {
        if (item.type === 'link' && item.version === 'v1') return item.path;
        if (item.type === 'group') {
          if (item.path && item.version === 'v1') return item.path;
          const inner = find(item.items);
          if (inner) return inner;
        }
      }
      return null;
    })(items);
    await page.goto(lonely);
    await hydrated(page);
    await page.locator('.navbar .version-select').selectOption('v1');
    await expect(page).toHaveURL(first!);
  });

  test('switching on a shared page stays on it and changes the sidebar', async ({ page }) => {
    await page.goto('/docs/api/backend/errors');
    await hydrated(page);
    await expect(page.locator('.navbar .version-select')).toHaveValue('v1.5');
    await page.locator('.navbar .version-select').selectOption('v1');
    await expect(page).toHaveURL('/docs/api/backend/errors');
    await expandSidebar(page);
    await expect(page.locator('.sidebar a[href*="/methods/v1/"]').first()).toBeAttached();
    await expect(page.locator('.sidebar a[href*="/methods/v1.5/"]')).toHaveCount(0);
  });
});
