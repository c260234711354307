/** Checks that a hostile body (hostile-body.ts) under `scope` was drawn without anything dangerous. */
import { expect, type Page } from '@playwright/test';
import { PWNED } from '../embed-app/hostile-body.ts';

/** Clicking its links must run nothing either. */
export async function assertHarmless(page: Page, scope: string): Promise<void> {
  const body = page.locator(scope);
  await expect(body.locator('#hostile-marker')).toHaveText('hostile body');
  // MathML is drawn (formulas are MathML), as an allow-list of presentation elements: the checks
  // of attributes below hold for it as for HTML.
  for (const tag of ['script', 'iframe', 'object', 'embed', 'form', 'svg', 'style', 'link', 'meta', 'base', 'button']) {
    await expect(body.locator(tag), tag).toHaveCount(0);
  }
  const attributes = await body.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => `${e.tagName.toLowerCase()} ${a.name}=${a.value}`)),
  );
  expect(attributes.filter((a) => / on[a-z]+=/.test(a))).toEqual([]);
  expect(attributes.filter((a) => / style=/.test(a))).toEqual([]);
  expect(attributes.filter((a) => /(href|src)=\s*(javascript|vbscript|data):/i.test(a.replace(/\s/g, '')))).toEqual([]);
  expect(attributes.filter((a) => / id=(__VITRINA_PAGE__|vd-main)/.test(a))).toEqual([]);
  expect(attributes.filter((a) => / class=.*navbar/.test(a))).toEqual([]);
  await expect(body.locator('input[type="text"]')).toHaveCount(0);
  await expect(body.locator('a[href="/docs/mobile"]')).toHaveText('safe internal link');
  for (const label of ['js link', 'obfuscated js link', 'vbscript link', 'data link']) {
    const link = body.getByText(label, { exact: true });
    await expect(link).toHaveCount(1);
    await link.click();
  }
  await page.waitForTimeout(300);
  expect(await page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], PWNED)).toBeUndefined();
}
