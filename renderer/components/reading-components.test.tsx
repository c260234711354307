/**
 * What PageBody draws so that a body reads well on a phone: tables laid out for their shape,
 * inline code with its break opportunities, diagrams with their narrow and dark variants.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HastElement, HastNode, HastRoot } from '@vitrina-docs/schemas';
import { PageBody } from './PageBody.tsx';
import { tableShape } from './table-shape.ts';

const el = (tagName: string, properties: HastElement['properties'] = {}, children: HastNode[] = []): HastElement => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): HastNode => ({ type: 'text', value });
const row = (tag: 'th' | 'td', cells: string[]) =>
  el(
    'tr',
    {},
    cells.map((c) => el(tag, {}, [text(c)])),
  );
const table = (head: string[], rows: string[][]) =>
  el('table', {}, [
    el('thead', {}, [row('th', head)]),
    el(
      'tbody',
      {},
      rows.map((r) => row('td', r)),
    ),
  ]);
const draw = (...children: HastNode[]) => renderToStaticMarkup(<PageBody body={{ type: 'root', children } as HastRoot} />);

const STATUSES = table(
  ['Статус', 'Код', 'Что вы можете сделать'],
  [
    ['Черновик', 'draft', 'Снимать и переснимать фото, выполнять задачи, завершить или отменить визит'],
    ['Готов', 'done', 'Открыть результаты и указать причины отсутствия товаров'],
  ],
);
const KPI = table(
  ['Категория', 'SKU в матрице', 'Найдено на фото', 'OSA'],
  [
    ['Молочная продукция', '18', '16', '89 %'],
    ['Напитки', '14', '12', '86 %'],
  ],
);
const HTTP = table(
  ['Статус', 'Что значит'],
  [
    ['401', 'Нет заголовка Authorization, он в неверном формате или ключ отозван'],
    ['429', 'Больше 10 запросов в секунду с этим ключом; повторите через Retry-After секунд'],
  ],
);
const SECTIONS = table(
  ['Раздел', 'Что в нём'],
  [
    ['Фото', 'Миниатюры по сценам, число фото и индекс качества фото визита'],
    ['Результаты', 'Кнопка появляется в статусе Готов, когда KPI посчитаны'],
  ],
);

const SPEC = table(
  ['Параметр', 'Android', 'iOS'],
  [
    ['Свободное место', 'Не меньше 2 ГБ', 'Не меньше 2 ГБ'],
    ['Версия системы', 'Android 8.0 и новее', 'iOS 14 и новее'],
  ],
);

describe('tableShape', () => {
  it('chooses the layout from what a page and its translation share: the columns and whether they hold numbers', () => {
    expect(tableShape(STATUSES)).toMatchObject({
      layout: 'cards',
      columns: 3,
      labels: ['Статус', 'Код', 'Что вы можете сделать'],
      short: [true, true, false],
    });
    expect(tableShape(table(['Категория', 'Найдено', 'OSA'], [['Молочная продукция', '16', '89 %']]))).toMatchObject({ layout: 'data' });
    expect(tableShape(table(['Category', 'Found', 'OSA'], [['Dairy', '16', '89%']]))).toMatchObject({ layout: 'data' });
    expect(tableShape(KPI)).toMatchObject({ layout: 'cards', columns: 4 });
    expect(tableShape(HTTP)).toMatchObject({ layout: 'cards', columns: 2 });
    expect(tableShape(SECTIONS)).toMatchObject({ layout: 'cards', columns: 2 });
    // The same table in English: the same layout, although its texts are of other lengths.
    const en = table(['Status', 'Code', 'What you can do'], [['Draft', 'draft', 'Retake photos']]);
    expect(tableShape(en).layout).toBe(tableShape(STATUSES).layout);
  });

  it('calls a table wide when it has five columns or more', () => {
    expect(tableShape(STATUSES).wide).toBe(false);
    const long = 'a sentence that is much longer than a short cell';
    expect(tableShape(table(['a', 'b', 'c', 'd'], [['key', long, long, long]])).wide).toBe(false);
    expect(tableShape(table(['a', 'b', 'c', 'd', 'e'], [['key', 'x', 'y', 'z', long]])).wide).toBe(true);
  });

  it('calls a table wide, or extra-wide, by the room its code tokens need, the same in every locale', () => {
    const codeRow = (...tokens: string[]) =>
      el(
        'tr',
        {},
        tokens.map((t) => el('td', {}, [el('code', {}, [text(t)])])),
      );
    const codeTable = (head: string[], ...rows: HastElement[]) =>
      el('table', {}, [el('thead', {}, [row('th', head)]), el('tbody', {}, rows)]);
    // Three columns of 26-character identifiers (an error code on Android and iOS) need ~44rem: cards on a laptop.
    const mapping = codeTable(
      ['Code', 'Android', 'iOS'],
      codeRow('location_permission_denied', 'LOCATION_PERMISSION_DENIED', '.locationPermissionDenied'),
    );
    expect(tableShape(mapping)).toMatchObject({ layout: 'cards', wide: true, extraWide: false });
    const ru = codeTable(
      ['Код', 'Android', 'iOS'],
      codeRow('location_permission_denied', 'LOCATION_PERMISSION_DENIED', '.locationPermissionDenied'),
    );
    expect(tableShape(ru)).toMatchObject({ wide: true, extraWide: false });
    // A long constant breaks between its parts; the identifiers beside it do not: cards on a laptop.
    const constants = codeTable(
      ['Constant', 'Value', 'Result', 'When'],
      codeRow('VitrinaSdk.RESULT_VISIT_CANCELLED', 'Activity.RESULT_CANCELED', 'VisitResult.Cancelled', 'agent'),
    );
    expect(tableShape(constants)).toMatchObject({ wide: true, extraWide: false });
    // Four columns of 26-character identifiers: cards below 60rem.
    const four = codeTable(
      ['a', 'b', 'c', 'd'],
      codeRow('location_permission_denied', 'LOCATION_PERMISSION_DENIED', 'location_permission_denied', 'LOCATION_PERMISSION_DENIED'),
    );
    expect(tableShape(four)).toMatchObject({ wide: true, extraWide: true });
    // Short codes fit any laptop column.
    expect(tableShape(codeTable(['Code', 'Android', 'iOS'], codeRow('throttled', 'THROTTLED', '.throttled')))).toMatchObject({
      wide: false,
      extraWide: false,
    });
  });

  it('finds equal adjacent cells after the first column', () => {
    expect(tableShape(SPEC).spans).toEqual([
      [1, 2, 0],
      [1, 1, 1],
    ]);
    expect(tableShape(table(['a', 'b', 'c'], [['x', 'x', 'y']])).spans).toEqual([[1, 1, 1]]);
  });
});

describe('tables', () => {
  it('gives a reference table of three columns cards whose cells carry their column’s name', () => {
    const html = draw(STATUSES);
    expect(html).toContain('<div class="table-scroll table-cards" tabindex="0">');
    expect(html).toContain('<td data-label="Код" class="cell-short">draft</td>');
    expect(html).toContain('<td data-label="Что вы можете сделать" class="cell-long">Снимать');
    // The head stays for screen readers and wide screens.
    expect(html).toContain('<thead><tr><th>Статус</th>');
  });

  it('draws equal adjacent cells once, spanning their columns and labelled with both names', () => {
    const html = draw(SPEC);
    expect(html).toContain('<td colSpan="2" data-label="Android / iOS" class="cell-long">Не меньше 2 ГБ</td></tr>');
    expect(html.match(/Не меньше 2 ГБ/g)).toHaveLength(1);
    expect(html).toContain('<td data-label="iOS" class="cell-short">iOS 14 и новее</td>');
  });

  it('keeps small number tables as tables, and labels no cell of a two-column table', () => {
    expect(draw(SECTIONS)).toContain('<div class="table-scroll table-cards" tabindex="0"><table><thead>');
    expect(draw(HTTP)).toContain('<div class="table-scroll table-cards" tabindex="0"><table><thead>');
    const numbers = draw(table(['Категория', 'Найдено', 'OSA'], [['Молочная продукция', '16', '89 %']]));
    expect(numbers).toContain('<div class="table-scroll table-data" tabindex="0"><table><thead>');
    expect(numbers).not.toContain('data-label');
    expect(draw(SECTIONS)).not.toContain('data-label');
  });
});

describe('inline code', () => {
  it('may wrap between the parts of a name longer than a phone line, never inside one that fits', () => {
    const html = draw(
      el('p', {}, [
        el('code', {}, [text('not_authenticated')]),
        text(' and '),
        el('code', {}, [text('visit_photo_quality_defect_threshold')]),
      ]),
    );
    expect(html).toContain('<code>not_authenticated</code> and <code>visit_<wbr/>photo_<wbr/>quality_<wbr/>defect_<wbr/>threshold</code>');
  });

  it('keeps a token that fits a line on one line, where a browser would break after its hyphen, slash or question mark', () => {
    expect(draw(el('p', {}, [el('code', {}, [text('visits_list?acknowledged=false')])]))).toContain(
      '<code><span class="code-nowrap">visits_list?acknowledged=false</span></code>',
    );
    const html = draw(el('p', {}, [el('code', {}, [text('X-Request-Id')]), text(' or '), el('code', {}, [text('Retry-After: 30')])]));
    expect(html).toContain('<code><span class="code-nowrap">X-Request-Id</span></code>');
    expect(html).toContain('<code><span class="code-nowrap">Retry-After:</span> 30</code>');
    // A long one keeps its own break opportunities.
    expect(draw(el('p', {}, [el('code', {}, [text('x-vitrina-request-identifier-of-the-call')])]))).not.toContain('code-nowrap');
  });

  it('leaves code blocks as they are', () => {
    const block = el('pre', {}, [
      el('code', { className: ['language-bash'] }, [text('curl https://api.vitrina.example/api/v1.5/catalog/sku')]),
    ]);
    expect(draw(block)).toContain('<code class="language-bash">curl https://api.vitrina.example/api/v1.5/catalog/sku</code>');
  });
});

describe('diagrams', () => {
  const diagram = (properties: HastElement['properties']) =>
    draw(el('p', {}, [el('img', { src: '/img/a.ru.svg', alt: 'Схема', width: 720, height: 300, loading: 'lazy', ...properties })]));

  it('draws a light and a dark copy, each with its narrow variant for phones, in a link to the full drawing', () => {
    const html = diagram({ dataNarrowSrc: '/img/a.ru.narrow.svg', dataNarrowWidth: 340, dataNarrowHeight: 600 });
    expect(html).toContain(
      '<p><span class="diagram">' +
        '<a class="diagram-link diagram-light" href="/img/a.ru.svg"><picture>' +
        '<source media="(max-width: 659px)" srcSet="/img/a.ru.narrow.svg" width="340" height="600"/>' +
        '<img src="/img/a.ru.svg" alt="Схема" width="720" height="300" loading="lazy"/></picture></a>' +
        '<a class="diagram-link diagram-dark" href="/img/a.ru.svg#dark"><picture>' +
        '<source media="(max-width: 659px)" srcSet="/img/a.ru.narrow.svg#dark" width="340" height="600"/>' +
        '<img src="/img/a.ru.svg#dark" alt="Схема" width="720" height="300" loading="lazy"/></picture></a>' +
        '</span></p>',
    );
  });

  it('draws no narrow variant whose address is unsafe, and other images as they are', () => {
    expect(diagram({ dataNarrowSrc: 'javascript:alert(1)', dataNarrowWidth: 1, dataNarrowHeight: 1 })).not.toContain('<source');
    const photo = draw(el('img', { src: 'https://cdn.example/shelf.svg', alt: 'Полка', loading: 'lazy' }));
    expect(photo).toContain('<img src="https://cdn.example/shelf.svg" alt="Полка" loading="lazy"/>');
    expect(photo).not.toContain('diagram');
  });

  it('takes its files from the docs site when drawn in another app', () => {
    const body = {
      type: 'root',
      children: [el('img', { src: '/img/a.ru.svg', alt: 'Схема', dataNarrowSrc: '/img/a.ru.narrow.svg' })],
    } as HastRoot;
    const html = renderToStaticMarkup(<PageBody body={body} assetBase="https://docs.vitrina.example/" />);
    expect(html).toContain('href="https://docs.vitrina.example/img/a.ru.svg#dark"');
    expect(html).toContain('srcSet="https://docs.vitrina.example/img/a.ru.narrow.svg"');
    expect(html).toContain('<img src="https://docs.vitrina.example/img/a.ru.svg" alt="Схема"/>');
  });
});
