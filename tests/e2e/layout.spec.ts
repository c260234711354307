/** What every page shows: navbar, sidebar, breadcrumbs, title, endpoint, body, TOC, prev/next, meta, footer. */
import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

const DOC = '/docs/mobile/ic3/visits/start';
const API = '/docs/api/backend/methods/v1.5/catalog/brands';

const PHONE = { width: 390, height: 844 };

/** Mean lightness (0 black … 1 white) of an image as drawn. */
async function lightness(img: Locator): Promise<number> {
  return img.evaluate(async (i: HTMLImageElement) => {
    await i.decode().catch(() => undefined);
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 40;
    const context = canvas.getContext('2d')!;
    context.drawImage(i, 0, 0, 40, 40);
    const data = context.getImageData(0, 0, 40, 40).data;
    let sum = 0;
    for (let p = 0; p < data.length; p += 4) sum += (0.2126 * data[p]! + 0.7152 * data[p + 1]! + 0.0722 * data[p + 2]!) / 255;
    return sum / (data.length / 4);
  });
}

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe('docs page', () => {
  test('navbar: six sections, the shown one marked, the product link, locale, colour mode and search', async ({ page, site }) => {
    const data = site.manifest.locales.ru!;
    await page.goto(DOC);
    await hydrated(page);
    const sections = page.locator('.navbar-sections a');
    await expect(sections).toHaveText(data.navbar.map((n) => n.label));
    await expect(page.locator('.navbar-sections a.is-active')).toHaveText(data.navbar.find((n) => n.sidebar === 'mobile')!.label);
    await expect(page.locator('.navbar .navbar-secondary .product-link')).toHaveAttribute('href', 'https://vitrina.example');
    await expect(page.locator('.navbar .navbar-wide .locale-link')).toHaveAttribute('hreflang', 'en');
    await expect(page.locator('.navbar .colour-mode')).toBeVisible();
    await expect(page.locator('.navbar [role="search"] input')).toBeVisible();
    await expect(page.locator('header')).toHaveCount(1);
  });

  test('sidebar: the current page marked and scrolled into view, categories fold', async ({ page, site }) => {
    const deep = site.findDoc((r) => r.locale === 'ru' && r.sidebar === 'api' && r.path.includes('/v1.5/upload/')).path;
    await page.goto(deep);
    await hydrated(page);
    const current = page.locator('.sidebar [aria-current="page"]');
    await expect(current).toHaveAttribute('href', deep);
    await expect(current).toBeInViewport();
    // (The toggle is marked: once folded, its category no longer holds the page's link, whose
    // pages are drawn again when it opens.)
    await page
      .locator('.sidebar-group', { has: page.locator(`a[href="${deep}"]`) })
      .last()
      .locator(':scope > .sidebar-group-head .sidebar-toggle')
      .evaluate((el) => el.setAttribute('data-test-toggle', ''));
    const toggle = page.locator('[data-test-toggle]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(current).toHaveCount(0);
    await toggle.click();
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('href', deep);
    // A folded category opens with the keyboard too.
    const index = await page
      .locator('.sidebar-toggle')
      .evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-expanded') === 'false' && (e as HTMLElement).offsetParent !== null));
    const folded = page.locator('.sidebar-toggle').nth(index);
    await folded.focus();
    await page.keyboard.press('Enter');
    await expect(folded).toHaveAttribute('aria-expanded', 'true');
  });

  test('breadcrumbs, title, table of contents (levels 2-3), prev/next, last updated and edit link', async ({ page, site }) => {
    const path = '/docs/api/backend/auth';
    const data = site.page(path);
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator('h1')).toHaveText(data.title);
    await expect(page.locator('.breadcrumbs [aria-current="page"]')).toHaveText(data.title);
    await expect(page.locator('.breadcrumbs a').first()).toHaveAttribute('href', '/');
    const toc = page.locator('.toc-column .toc a');
    await expect(toc).toHaveText(data.toc.map((t) => t.text));
    expect(data.toc.some((t) => t.depth === 3)).toBe(true);
    expect(data.toc.every((t) => t.depth === 2 || t.depth === 3)).toBe(true);
    await expect(page.locator('.toc-column .toc-depth-3').first()).toBeVisible();
    if (data.prev) await expect(page.locator('.pagination-link.prev')).toHaveAttribute('href', data.prev.path);
    if (data.next) await expect(page.locator('.pagination-link.next')).toHaveAttribute('href', data.next.path);
    await expect(page.locator('.last-updated time')).toHaveAttribute('datetime', data.lastUpdated!);
    await expect(page.locator('.edit-link')).toHaveAttribute('href', data.editUrl!);
  });

  test('the table of contents highlights the section being read', async ({ page, site }) => {
    const toc = site.page(DOC).toc;
    await page.goto(DOC);
    await hydrated(page);
    await expect(page.locator('.toc-column a[aria-current="location"]')).toHaveText(toc[0]!.text);
    await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), toc[2]!.id);
    await expect(page.locator('.toc-column a[aria-current="location"]')).toHaveText(toc[2]!.text);
  });

  test('copy page as Markdown copies the page’s markdown source', async ({ page, context, site, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(DOC);
    await hydrated(page);
    await page.locator('.copy-markdown').click();
    await expect(page.locator('.copy-markdown')).toContainText(site.manifest.locales.ru!.ui.page.copiedMarkdown);
    expect(await clipboard(page)).toBe(await (await request.get(site.page(DOC).markdownUrl)).text());
  });

  test('code blocks have a copy button; admonitions, details and task lists are drawn', async ({ page, context, site }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(API);
    await hydrated(page);
    const block = page.locator('.doc-body figure.code-block').first();
    await block.hover();
    await block.locator('.code-copy').click();
    expect(await clipboard(page)).toBe(await block.locator('pre').textContent());
    await expect(page.locator('.doc-body .code-title').first()).toBeVisible();
    // An admonition without a title gets the default one of its type.
    await page.goto('/docs/business/custom');
    const admonition = page.locator('.doc-body .admonition').first();
    await expect(admonition).toHaveAttribute('role', 'note');
    await expect(admonition.locator('.admonition-title')).not.toBeEmpty();
    const ui = site.manifest.locales.ru!.ui.admonition;
    expect(Object.values(ui)).toContain(await admonition.locator('.admonition-title').textContent());
    await page.goto('/docs/api/backend/methods/v1/visits/example');
    const details = page.locator('.doc-body details').first();
    await details.locator('summary').click();
    await expect(details).toHaveAttribute('open', '');
    await page.goto('/docs/business/custom/requirements');
    await expect(page.locator('.doc-body input[type="checkbox"][disabled]').first()).toBeAttached();
  });

  test('images load lazily with their recorded size (no layout shift)', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/docs/api/mobile');
    await hydrated(page);
    const img = page.locator('.doc-body img').first();
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.01);
  });

  test('footer: the copyright line and links', async ({ page, site }) => {
    await page.goto(DOC);
    await expect(page.locator('.site-footer .copyright')).toHaveText('© 2025 Vitrina');
    const links = site.manifest.locales.ru!.footer.columns.flatMap((c) => c.links);
    await expect(page.locator('.site-footer .footer-column a')).toHaveCount(links.length);
  });
});

test.describe('API method page', () => {
  test('endpoint line (method badge and copyable URL) and the tables drawn from the operation', async ({ page, context, site }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const data = site.page(API);
    const op = data.operation!;
    const ui = site.manifest.locales.ru!.ui.api;
    await page.goto(API);
    await hydrated(page);
    const endpoint = page.locator('.endpoint');
    await expect(endpoint).toHaveAttribute('aria-label', ui.endpoint);
    await expect(endpoint.locator('.method-badge')).toHaveText(op.method);
    // Method and path first, the server under them; the button copies the full URL.
    await expect(endpoint.locator('.endpoint-path')).toHaveText(op.path);
    await expect(endpoint.locator('.endpoint-server')).toHaveText(op.url.slice(0, -op.path.length));
    expect(op.url.endsWith(op.path)).toBe(true);
    await endpoint.getByRole('button', { name: ui.copyEndpoint }).click();
    expect(await clipboard(page)).toBe(op.url);
    await expect(page.locator('#api-parameters')).toHaveText(ui.parameters);
    await expect(page.locator('#api-parameters + .table-scroll tbody tr')).toHaveCount(op.parameters.length);
    await expect(page.locator('#api-status-codes + .table-scroll tbody tr')).toHaveCount(op.responses.length);
    await expect(page.locator('#api-response-fields')).toHaveText(ui.responseFields);
    // The lead paragraph comes first, then the reference, then the rest of the body.
    await expect(page.locator('.doc-body > p').first()).toBeVisible();
    const order = await page
      .locator('.doc-body > *')
      .evaluateAll((els) => els.map((e) => e.tagName + (e.className ? `.${e.className}` : '')));
    expect(order[0]).toBe('P');
    expect(order[1]).toBe('DIV.api-reference');
    // The table of contents lists the reference sections first.
    await expect(page.locator('.toc-column .toc a').first()).toHaveText(ui.parameters);
  });

  test('after a client navigation the tables are drawn from the page JSON', async ({ page, site }) => {
    const other = site.page(API).next!.path;
    await page.goto(API);
    await hydrated(page);
    await page.locator('.pagination-link.next').click();
    await expect(page).toHaveURL(other);
    const op = site.page(other).operation!;
    await expect(page.locator('.endpoint .endpoint-path')).toHaveText(op.path);
    await expect(page.locator('#api-status-codes + .table-scroll tbody tr')).toHaveCount(op.responses.length);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the sidebar is a drawer; the table of contents folds under the title', async ({ page, site }) => {
    await page.goto(DOC);
    await hydrated(page);
    const menu = page.locator('.menu-button');
    const drawer = page.locator('#vd-drawer');
    await expect(drawer).toBeHidden();
    await expect(page.locator('.toc-column')).toBeHidden();
    const fold = page.locator('.toc-fold');
    await expect(fold).toBeVisible();
    await fold.locator('summary').click();
    await expect(fold.locator('a').first()).toHaveText(site.page(DOC).toc[0]!.text);
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('a').first()).toBeFocused();
    await expect(drawer.locator('.drawer-sections a')).toHaveCount(6);
    await expect(drawer.locator('.sidebar [aria-current="page"]')).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await drawer.locator('.sidebar a[href="/docs/mobile/ic3/visits/end"]').click();
    await expect(page).toHaveURL('/docs/mobile/ic3/visits/end');
    await expect(drawer).toBeHidden();
  });

  test('the drawer opens right under the navbar, with the announcement bar above it or scrolled away', async ({ page }) => {
    await page.goto(DOC);
    await hydrated(page);
    const navbar = page.locator('header.navbar');
    const drawer = page.locator('#vd-drawer');
    for (const y of [0, 800]) {
      await page.evaluate((top) => scrollTo(0, top), y);
      await page.locator('.menu-button').click();
      await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(0);
      const nav = (await navbar.boundingBox())!;
      const box = (await drawer.boundingBox())!;
      expect(Math.abs(box.y - (nav.y + nav.height)), `scrolled to ${y}`).toBeLessThanOrEqual(1);
      // Its top edge is not under the navbar: a tap there reaches the drawer.
      const hit = await drawer.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + 4));
      });
      expect(hit, `scrolled to ${y}`).toBe(true);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
  });

  test('a data table too wide for its box scrolls sideways in it, with a shadow at the edge that has more table', async ({ page }) => {
    await page.goto('/docs/business/kpi/price_tag');
    await hydrated(page);
    const box = page.locator('.doc-body .table-data').first();
    await box.scrollIntoViewIfNeeded();
    // The site's tables fit a phone (every-route.spec.ts): a box narrower than any column makes one too wide.
    await box.evaluate((e) => (e.style.width = '60px'));
    expect(await box.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The box's edges with the table hidden: only the hint is drawn there.
    await box.evaluate((e) => (e.querySelector('table')!.style.visibility = 'hidden'));
    const edges = async () => {
      const b = (await box.boundingBox())!;
      const strip = (x: number) => page.screenshot({ clip: { x, y: b.y + 4, width: 6, height: Math.min(40, b.height - 8) } });
      return { left: await strip(b.x + 2), right: await strip(b.x + b.width - 8) };
    };
    const start = await edges();
    await box.evaluate((e) => (e.scrollLeft = e.scrollWidth));
    const end = await edges();
    // At the start the right edge shows a shadow and the left one none; at the end the other way round.
    expect(start.right.equals(end.right)).toBe(false);
    expect(start.left.equals(end.left)).toBe(false);
  });

  test('API tables become cards: name, location and type on one line, the description under them', async ({ page, site }) => {
    await page.goto(API);
    await hydrated(page);
    const op = site.page(API).operation!;
    const short = op.parameters.reduce((a, b) => (b.name.length < a.name.length ? b : a));
    const card = page.locator('#api-parameters + .table-scroll tbody tr').filter({ has: page.getByText(short.name, { exact: true }) });
    const box = async (selector: string) => (await card.locator(selector).boundingBox())!;
    const name = await box('.api-field');
    const type = await box('.api-type');
    const description = await box('.api-description');
    expect(Math.abs(name.y - type.y)).toBeLessThan(8);
    expect(description.y).toBeGreaterThan(name.y + name.height - 1);
    expect(description.width).toBeGreaterThan(PHONE.width - 80);
    await expect(card.locator('.api-name')).toHaveText(short.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('a diagram shows its phone layout, turns dark with the site’s switch, and opens full size', async ({ page }) => {
    await page.goto('/docs/business/visit_structure');
    await hydrated(page);
    const diagram = page.locator('.doc-body .diagram');
    await diagram.scrollIntoViewIfNeeded();
    const shown = diagram.locator('img:visible');
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveAttribute('alt', /визит/);
    await expect
      .poll(() => shown.evaluate((i: HTMLImageElement) => i.currentSrc))
      .toMatch(/\/img\/business\/visit_structure\.ru\.narrow\.svg/);
    expect(await shown.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await lightness(shown)).toBeGreaterThan(0.7);
    // The site's colour-mode switch, not only the system's preference, turns the diagram dark.
    const html = page.locator('html');
    for (let i = 0; i < 3 && (await html.getAttribute('data-theme')) !== 'dark'; i++) await page.locator('.navbar .colour-mode').click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(shown).toHaveCount(1);
    await expect.poll(() => lightness(shown)).toBeLessThan(0.3);
    await shown.click();
    await expect(page).toHaveURL(/\/img\/business\/visit_structure\.ru\.svg#dark$/);
    // On its own too, the drawing is dark: its style applies under the server's CSP.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('rect.bg')!).fill)).toBe('rgb(26, 29, 35)');
  });
});

test.describe('other pages', () => {
  test('home: name, promise, the six section cards, latest release notes, search box', async ({ page, site }) => {
    for (const locale of ['ru', 'en'] as const) {
      const data = site.manifest.locales[locale]!;
      await page.goto(locale === 'ru' ? '/' : '/en');
      await hydrated(page);
      await expect(page.locator('h1')).toHaveText(site.manifest.site.name);
      await expect(page.locator('.hero-promise')).toHaveText(data.ui.home.promise);
      await expect(page.locator('.cards .card')).toHaveCount(6);
      for (const item of data.navbar) {
        await expect(page.locator(`.cards a[href="${item.path}"] .card-title`)).toHaveText(data.ui.home.cards[item.sidebar].title);
      }
      await expect(page.locator('.release-list li')).toHaveCount(data.latestReleases.length);
      await expect(page.locator('.hero .search-box input')).toBeVisible();
      await expect(page).toHaveTitle(data.ui.home.title);
    }
  });

  test('blog index and posts; the archive grouped by year', async ({ page, site }) => {
    const blog = site.chunks.get(site.chunkUrl('ru', 'blog'))!;
    if (blog.kind !== 'blog') throw new Error('not the blog chunk');
    const posts = blog.posts;
    await page.goto('/blog');
    await hydrated(page);
    await expect(page.locator('.post-summary')).toHaveCount(posts.length);
    await page.locator('.post-summary h2 a').first().click();
    await expect(page).toHaveURL(posts[0]!.path);
    await expect(page.locator('h1')).toHaveText(posts[0]!.title);
    await page.goto('/blog/archive');
    await hydrated(page);
    const years = [...new Set(posts.map((p) => p.date.slice(0, 4)))];
    await expect(page.locator('.archive-year h2')).toHaveText(years);
    for (const year of years) {
      await expect(page.locator('.archive-year', { has: page.locator(`h2:text-is("${year}")`) }).locator('li')).toHaveCount(
        posts.filter((p) => p.date.startsWith(year)).length,
      );
    }
  });

  test('not found: the server answers 404 and the view says so, in the locale of the path', async ({ page, site, pageErrors }) => {
    for (const [path, locale] of [
      ['/no/such/page', 'ru'],
      ['/en/no/such/page', 'en'],
    ] as const) {
      const response = await page.goto(path);
      expect(response!.status()).toBe(404);
      await hydrated(page);
      const ui = site.manifest.locales[locale]!.ui.notFound;
      await expect(page.locator('h1')).toHaveText(ui.title);
      await expect(page.locator('.message-page p').nth(1)).toHaveText(ui.text);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    }
    // And on the client, for a link to a page that does not exist.
    await page.goto('/docs/mobile');
    await hydrated(page);
    await page.evaluate(() => {
      history.pushState(null, '', '/docs/nowhere');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('h1')).toHaveText(site.manifest.locales.ru!.ui.notFound.title);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('status of 404')));
  });
});
