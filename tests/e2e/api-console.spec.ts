/**
 * The "Try it" console of API method pages, in Chromium, on the site served by nginx: it loads
 * only when opened, sends requests across origins to a real local mock of the v1.5 description
 * (Prism, started by the global setup), shows what came back checked against the description,
 * and answers from the description's examples in mock mode, with no server at all.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';

// Each test opens a page, loads the console and talks to Prism: slow on a busy machine.
test.describe.configure({ timeout: 180_000 });
const LOADED = { timeout: 45_000 };

const PRISM = () => {
  const url = process.env.VITRINA_PRISM_URL;
  if (!url) throw new Error('the global setup starts Prism: VITRINA_PRISM_URL is not set');
  return url;
};

const BRANDS = '/docs/api/backend/methods/v1.5/catalog/brands';
const BRAND = '/docs/api/backend/methods/v1.5/catalog/brands_id';
const SKU = '/docs/api/backend/methods/v1.5/catalog/sku';
const MHL_RECORD = '/docs/api/backend/methods/v1.5/master_data/mhl_record';

const consoleRegion = (page: Page) => page.getByRole('region', { name: /^(Попробовать|Try it)$/ });

/** Opens the page and its console; returns the console region. */
async function openConsole(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.getByRole('button', { name: /^(Попробовать|Try it)$/ }).click();
  const region = consoleRegion(page);
  await expect(region).toBeVisible(LOADED);
  await expect(region.getByRole('button', { name: /Отправить запрос|Send the request/ })).toBeVisible(LOADED);
  return region;
}

/** Chooses the local mock server and points it at the running Prism. */
async function targetPrism(region: ReturnType<typeof consoleRegion>) {
  await region.getByLabel(/Куда отправить|Send to/).selectOption('local');
  await region.getByLabel(/Базовый адрес имитатора|Base URL of the mock/).fill(PRISM());
}

/** The browser's own log line for an answer with an error status is expected there. */
function dropStatusLogs(errors: string[], status: number) {
  errors.splice(0, errors.length, ...errors.filter((e) => !e.includes(`status of ${status}`)));
}

test('the console code loads only when the reader opens it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(BRANDS);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const before = scripts.length;
  const consoleData = page.waitForRequest((r) => r.url().endsWith('/api/v1.5/operations/brands.ru.json'));
  await page.getByRole('button', { name: 'Попробовать' }).click();
  await consoleData;
  await expect(consoleRegion(page)).toBeVisible();
  expect(scripts.length, 'the console is a chunk loaded on open').toBeGreaterThan(before);
});

test('a list call to the local mock shows the status, headers, timing and the body checked against the schema', async ({ page }) => {
  const region = await openConsole(page, BRANDS);
  await targetPrism(region);
  await region.getByLabel('API-ключ').fill('test-key-123');
  const sent = page.waitForRequest((r) => r.url().startsWith(PRISM()) && r.method() === 'GET');
  await region.getByRole('button', { name: 'Отправить запрос' }).click();
  const request = await sent;
  expect(new URL(request.url()).pathname).toBe('/catalog/brands');
  expect(await request.headerValue('authorization')).toBe('Token test-key-123');
  await expect(region.locator('.api-console-code')).toHaveText(/^200/);
  await expect(region.locator('.api-console-time')).toHaveText(/^\d+ мс$/);
  await expect(region.getByText('Ответ соответствует схеме ответа из описания.')).toBeVisible();
  await expect(region.locator('.api-console-body')).toContainText('"results"');
  await region.getByText(/Заголовки ответа \(\d+\)/).click();
  await expect(region.locator('.api-console-headers dt', { hasText: 'content-type' })).toBeVisible();
  // The key stays in this tab's sessionStorage, and nowhere in the address.
  expect(await page.evaluate(() => sessionStorage.getItem('vitrina-docs:api-key'))).toBe('test-key-123');
  expect(page.url()).not.toContain('test-key-123');
  await region.getByRole('button', { name: 'Забыть ключ' }).click();
  await expect(region.getByLabel('API-ключ')).toHaveValue('');
  expect(await page.evaluate(() => sessionStorage.getItem('vitrina-docs:api-key'))).toBeNull();
});

test('path and query parameters go into the URL the mock answers', async ({ page }) => {
  let region = await openConsole(page, BRAND);
  await targetPrism(region);
  await region.getByLabel('API-ключ').fill('test-key-123');
  await region.getByLabel(/^id/).fill('201');
  let sent = page.waitForRequest((r) => r.url().startsWith(PRISM()));
  await region.getByRole('button', { name: 'Отправить запрос' }).click();
  expect(new URL((await sent).url()).pathname).toBe('/catalog/brands/201');
  await expect(region.locator('.api-console-code')).toHaveText(/^200/);
  await expect(region.getByText('Ответ соответствует схеме ответа из описания.')).toBeVisible();

  region = await openConsole(page, SKU);
  await targetPrism(region);
  // The key is kept across pages of the tab.
  await expect(region.getByLabel('API-ключ')).toHaveValue('test-key-123');
  await region.getByLabel(/^brand_id/).fill('201');
  await region.getByLabel(/^page_size/).fill('5');
  await region.getByLabel(/^is_active/).selectOption('true');
  sent = page.waitForRequest((r) => r.url().startsWith(PRISM()));
  await region.getByRole('button', { name: 'Отправить запрос' }).click();
  const url = new URL((await sent).url());
  expect(url.pathname).toBe('/catalog/sku');
  expect(Object.fromEntries(url.searchParams)).toEqual({ brand_id: '201', is_active: 'true', page_size: '5' });
  await expect(region.locator('.api-console-code')).toHaveText(/^200/);
  await expect(region.getByText('Ответ соответствует схеме ответа из описания.')).toBeVisible();
});

test('a POST with a JSON body, checked as the reader types and accepted by the mock', async ({ page }) => {
  const region = await openConsole(page, MHL_RECORD);
  await targetPrism(region);
  await region.getByLabel('API-ключ').fill('test-key-123');
  const body = region.getByLabel('Тело запроса (JSON)');
  // Prefilled from the description's example, which matches the request schema.
  await expect(body).toHaveValue(/"records"/);
  await expect(region.getByText('Тело соответствует схеме запроса.')).toBeVisible();
  await body.fill('{"records": [');
  await expect(region.getByText(/^Это не JSON:/)).toBeVisible();
  await body.fill('{"records": [{"mhl_id": "x"}]}');
  await expect(region.getByText('Тело не соответствует схеме запроса:')).toBeVisible();
  await body.fill('{"records": [{"mhl_id": 31, "sku_id": 5001, "min_facings": 2}]}');
  await expect(region.getByText('Тело соответствует схеме запроса.')).toBeVisible();
  await region.getByLabel(/^on_conflict/).selectOption('update');
  const sent = page.waitForRequest((r) => r.url().startsWith(PRISM()) && r.method() === 'POST');
  await region.getByRole('button', { name: 'Отправить запрос' }).click();
  const request = await sent;
  expect(new URL(request.url()).searchParams.get('on_conflict')).toBe('update');
  expect(request.headers()['content-type']).toBe('application/json');
  expect(request.postDataJSON()).toEqual({ records: [{ mhl_id: 31, sku_id: 5001, min_facings: 2 }] });
  await expect(region.locator('.api-console-code')).toHaveText(/^20[01]/);
  await expect(region.getByText('Ответ соответствует схеме ответа из описания.')).toBeVisible();
});

test('the values typed in the console flow into the request samples, the key never does', async ({ page }) => {
  const region = await openConsole(page, SKU);
  const samples = region.getByRole('region', { name: 'Примеры запроса' });
  const code = samples.locator('pre');
  // Before any change: the build's sample, on the description's first server.
  await samples.getByLabel('Язык').selectOption('python');
  await expect(code).toContainText('https://api.vitrina.example/api/v1.5/catalog/sku');
  await targetPrism(region);
  await region.getByLabel('API-ключ').fill('secret-key-456');
  await region.getByLabel(/^brand_id/).fill('201');
  await region.getByLabel(/^page_size/).fill('5');
  await expect(code).toContainText(`url = "${PRISM()}/catalog/sku?brand_id=201&page_size=5"`);
  await expect(code).toContainText('"Authorization": "Token <api_key>"');
  await expect(code).not.toContainText('secret-key-456');
  // The language chosen is kept across pages; a path parameter and a body flow in as well.
  const post = await openConsole(page, MHL_RECORD);
  const postCode = post.getByRole('region', { name: 'Примеры запроса' }).locator('pre');
  await expect(postCode).toContainText('import requests');
  await post.getByLabel('Тело запроса (JSON)').fill('{"records": [{"mhl_id": 77, "sku_id": 5001, "min_facings": 3}]}');
  await post.getByRole('region', { name: 'Примеры запроса' }).getByLabel('Язык').selectOption('curl');
  await expect(postCode).toContainText('"mhl_id": 77');
  await expect(postCode).toContainText("--header 'Authorization: Token <api_key>'");
  await expect(postCode).not.toContainText('secret-key-456');
});

/**
 * What a reader of a page sees of the description's examples in its console: the values and
 * placeholders of the fields and of the body editor, the request samples in every language, and
 * the answer of the mock in the page.
 */
async function exampleTexts(page: Page, path: string, locale: 'ru' | 'en') {
  const region = await openConsole(page, path);
  const fields = await region
    .locator('input, textarea')
    .evaluateAll((els) => els.flatMap((el) => [(el as HTMLInputElement).value, (el as HTMLInputElement).placeholder]));
  const samples = region.getByRole('region', { name: locale === 'en' ? 'Request samples' : 'Примеры запроса' });
  const language = samples.getByLabel(locale === 'en' ? 'Language' : 'Язык');
  const codes: string[] = [];
  for (const id of await language.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))) {
    await language.selectOption(id);
    codes.push(await samples.locator('pre').innerText());
  }
  await region.getByRole('button', { name: locale === 'en' ? 'Send the request' : 'Отправить запрос' }).click();
  await expect(region.locator('.api-console-code')).toHaveText(/^200/);
  return { fields: fields.join('\n'), samples: codes, answer: await region.locator('.api-console-body').innerText() };
}

// The example dataset of the description, in each page's language: a name of each example.
const DATASET = [
  { path: BRANDS, ru: 'Утренний луг', en: 'Utrenny Lug', field: { ru: 'луг', en: 'lug' } },
  { path: '/docs/api/backend/methods/v1.5/master_data/displays', ru: 'Холодильник молочный, 5 полок', en: 'Dairy fridge, 5 shelves' },
  { path: '/docs/api/backend/methods/v1.5/master_data/mhl', ru: 'Магазины у дома, Москва', en: 'Convenience stores, Moscow' },
];

test('the console shows the example dataset in the page’s language: English with no Cyrillic on en pages, Russian on ru pages', async ({
  page,
}) => {
  const cyrillic = /\p{Script=Cyrillic}/u;
  for (const { path, ru, en, field } of DATASET) {
    const english = await exampleTexts(page, `/en${path}`, 'en');
    expect(english.fields, `${path}: the fields`).not.toMatch(cyrillic);
    for (const code of english.samples) expect(code, `${path}: a sample`).not.toMatch(cyrillic);
    expect(english.samples).toHaveLength(5);
    expect(english.answer, `${path}: the mock's answer`).not.toMatch(cyrillic);
    expect(english.answer).toContain(`"${en}"`);
    if (field) expect(english.fields.split('\n')).toContain(field.en);

    const russian = await exampleTexts(page, path, 'ru');
    expect(russian.answer).toContain(`"${ru}"`);
    expect(russian.answer).not.toContain(`"${en}"`);
    if (field) expect(russian.fields.split('\n')).toContain(field.ru);
  }
});

test('a call without a key shows the 401 with the API’s own message and what to do', async ({ page, pageErrors }) => {
  const region = await openConsole(page, BRANDS);
  await targetPrism(region);
  await region.getByLabel('API-ключ').fill('');
  await region.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(region.locator('.api-console-code')).toHaveText(/^401/);
  const alert = region.getByRole('alert');
  await expect(alert).toContainText('Сервер отклонил запрос (401)');
  await expect(alert).toContainText('Пользователи → API-ключи');
  // The API's own message: the one in the body of the answer (Prism answers from the description's examples).
  const answer = JSON.parse(await region.locator('.api-console-body').innerText()) as { error: { message: string } };
  expect(answer.error.message.length).toBeGreaterThan(0);
  await expect(alert).toContainText(answer.error.message);
  dropStatusLogs(pageErrors, 401);
});

test('an address the site’s security policy does not allow is refused with the reason', async ({ page, pageErrors }) => {
  const region = await openConsole(page, BRANDS);
  await region.getByLabel('Куда отправить').selectOption('local');
  await region.getByLabel('Базовый адрес имитатора').fill('http://192.0.2.1:4010');
  await region.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(region.getByRole('alert')).toContainText('Политика безопасности сайта разрешает консоли отправлять запросы только на');
  await expect(region.getByRole('alert')).toContainText('https://api.vitrina.example');
  // (The refusal is what this test expects the browser to report.)
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !/Content Security Policy|Failed to fetch|ERR_/i.test(e)));
});

for (const locale of ['ru', 'en'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`mock mode answers offline on a phone from the description's example (${locale}, ${scheme})`, async ({
      page,
      context,
      pageErrors,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      const region = await openConsole(page, locale === 'en' ? `/en${BRANDS}` : BRANDS);
      await context.setOffline(true);
      await region.getByRole('button', { name: locale === 'en' ? 'Send the request' : 'Отправить запрос' }).click();
      await expect(region.locator('.api-console-mock')).toHaveText(locale === 'en' ? 'Mock' : 'Имитация');
      await expect(region.getByText(locale === 'en' ? /^This is a mock/ : /^Это имитация/)).toBeVisible();
      await expect(region.locator('.api-console-code')).toHaveText(/^200/);
      await expect(region.locator('.api-console-body')).toContainText('"results"');
      await expect(
        region.getByText(
          locale === 'en' ? 'The answer matches the response schema of the description.' : 'Ответ соответствует схеме ответа из описания.',
        ),
      ).toBeVisible();
      await context.setOffline(false);
      // (What the site itself tried to load while offline, such as its service worker's registration, failed as expected.)
      pageErrors.splice(
        0,
        pageErrors.length,
        ...pageErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/.test(e)),
      );
      // Nothing of the console is wider than the phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const results = await new AxeBuilder({ page }).include('.api-console').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`console-${locale}-${scheme}-390.png`), fullPage: false });
    });
  }
}

test('axe finds no violation on a method page with the console open and answered (desktop)', async ({ page }) => {
  const region = await openConsole(page, MHL_RECORD);
  await region.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(region.locator('.api-console-code')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
