/**
 * The JavaScript a docs page loads at first (React and the renderer): under 95 KB gzip as
 * transferred from nginx, and independent of the number of pages (no route table in the code).
 */
import { expect, hydrated, test } from './fixtures.ts';

const BUDGET = 95_000;

for (const [name, path] of [
  ['a docs page', '/docs/mobile/ic3/visits/start'],
  ['an API method page', '/docs/api/backend/methods/v1.5/catalog/brands'],
  ['an English docs page', '/en/docs/portal'],
]) {
  test(`${name} loads under 95 KB of gzipped JavaScript`, async ({ page }) => {
    await page.goto(path!);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).origin === location.origin && e.name.endsWith('.js'))
        .map((e) => ({ url: new URL(e.name).pathname, bytes: e.encodedBodySize, raw: e.decodedBodySize })),
    );
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    test.info().annotations.push({
      type: 'javascript',
      description: `${total} bytes gzip: ${scripts.map((s) => `${s.url} ${s.bytes}`).join(', ')}`,
    });
    expect(
      scripts.every((s) => s.bytes < s.raw),
      'every script arrives compressed',
    ).toBe(true);
    expect(total).toBeLessThan(BUDGET);
  });
}
