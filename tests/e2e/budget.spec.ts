/**
 * The JavaScript a docs page loads at first (React and the renderer): under 85 KB with gzip -9
 * (the build's `.gz` files, made by Node's zlib: the same on every machine), and independent of
 * the number of pages (no route table in the code). A browser that asks for Brotli gets the
 * build's `.br` files, smaller still. The code that draws a body from its page JSON is not part
 * of it: the first page keeps its prerendered body, and that code loads on client navigation.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, hydrated, test } from './fixtures.ts';

const BUDGET = 85 * 1024;

// A cold page load and the network going quiet, on a loaded machine.
test.describe.configure({ timeout: 60_000 });

for (const [name, path] of [
  ['a docs page', '/docs/mobile/ic3/visits/start'],
  ['an API method page', '/docs/api/backend/methods/v1.5/catalog/brands'],
  ['an English docs page', '/en/docs/portal'],
]) {
  test(`${name} loads under 85 KB of JavaScript with gzip -9`, async ({ page, site }) => {
    await page.goto(path!);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).origin === location.origin && e.name.endsWith('.js'))
        .map((e) => ({ url: new URL(e.name).pathname, bytes: e.encodedBodySize, raw: e.decodedBodySize })),
    );
    const sizes = scripts.map((s) => {
      const file = join(site.dist, s.url.slice(1));
      const gz = statSync(`${file}.gz`).size;
      expect(gz, `${s.url}.gz is zlib's gzip -9 of the script`).toBe(gzipSync(readFileSync(file), { level: 9 }).length);
      return { ...s, gz, br: statSync(`${file}.br`).size };
    });
    const total = sizes.reduce((sum, s) => sum + s.gz, 0);
    test.info().annotations.push({
      type: 'javascript',
      description: `${total} bytes gzip -9, ${sizes.reduce((sum, s) => sum + s.br, 0)} Brotli: ${sizes.map((s) => `${s.url} ${s.gz}/${s.br}`).join(', ')}`,
    });
    // Brotli or gzip, as the browser asks: the build's file either way, never compressed on the fly.
    for (const s of sizes) expect([s.br, s.gz], `${s.url} arrives as one of the build's precompressed files`).toContain(s.bytes);
    expect(total).toBeLessThan(BUDGET);
  });
}
