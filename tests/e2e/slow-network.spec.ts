/**
 * A page that arrives in pieces, as on a slow mobile network: the client starts after the first
 * paint, which comes while the HTML is still arriving. It must wait for the page JSON and the
 * prerendered tree whole, then hydrate, and the page must work as on a fast network.
 */
import { createServer, type Server } from 'node:http';
import { expect, hydrated, test } from './fixtures.ts';

/** Serves the site through a proxy that sends each HTML document in pieces of `piece` bytes, `pause` ms apart. */
async function slowHtmlProxy(piece: number, pause: number): Promise<{ url: string; server: Server }> {
  const origin = process.env.VITRINA_BASE_URL!;
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(origin + req.url, { headers: { accept: req.headers.accept ?? '*/*', 'accept-encoding': 'identity' } });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
      });
      res.writeHead(upstream.status, headers);
      if (!(upstream.headers.get('content-type') ?? '').startsWith('text/html')) return res.end(body);
      for (let at = 0; at < body.length; at += piece) {
        res.write(body.subarray(at, at + piece));
        await new Promise((r) => setTimeout(r, pause));
      }
      res.end();
    })().catch(() => res.destroy());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

let proxy: { url: string; server: Server };
test.beforeAll(async () => {
  // 1.5 KB every 60 ms: a page of 80 KB takes over 3 s, and the browser draws in between.
  proxy = await slowHtmlProxy(1500, 60);
});
test.afterAll(() => proxy.server.close());

for (const { path, width, height } of [
  { path: '/docs/mobile/ic3/visits/start', width: 1280, height: 800 },
  { path: '/en/docs/api/backend/methods/v1.5/catalog/brands', width: 390, height: 844 },
]) {
  test(`${path} at ${width} px, sent in pieces: drawn before it has all arrived, then the site starts and works`, async ({
    browser,
    site,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width, height }, locale: 'ru-RU', baseURL: proxy.url, serviceWorkers: 'block' });
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/.test(m.text())) errors.push(m.text());
      });
      await page.goto(path);
      await hydrated(page);
      // It was drawn before the whole document had arrived (the test would prove nothing otherwise).
      const [firstPaint, responseEnd] = await page.evaluate(() => [
        performance.getEntriesByName('first-paint')[0]?.startTime ?? Infinity,
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
      ]);
      expect(firstPaint).toBeLessThan(responseEnd!);
      await expect(page.locator('main h1')).toHaveText(site.page(path).title);
      expect(errors).toEqual([]);
      // The client routes: a link of the sidebar or the breadcrumbs opens its page without a reload.
      await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
      const link = page.locator('.breadcrumbs a').last();
      const target = await link.getAttribute('href');
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${target!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
    } finally {
      await context.close();
    }
  });
}
