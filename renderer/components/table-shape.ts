/**
 * How a markdown table reads on a narrow screen, decided from what is the same in every
 * locale (the number of columns, and whether its cells hold numbers) so that a page and its
 * translation draw the same layout, and the server and the browser draw the same thing:
 *
 * - `data`: up to three columns, every cell but the first column's a number (an amount, a
 *   percentage, a count). It stays a table; the numbers keep their line, the first column wraps.
 * - `cards`: any other. On a narrow screen each row becomes a card: the first cell on top, every
 *   other cell under its column's name (a two-column table needs no names: a name and its
 *   text). A wide one (five columns or more) turns into cards at a larger width. Cells wrap.
 *
 * Adjacent cells of a row with the same content are drawn once, spanning their columns (see
 * `spans`).
 */
import type { HastElement, HastNode } from '@vitrina-docs/schemas';

export type TableLayout = 'data' | 'cards';

export interface TableShape {
  layout: TableLayout;
  columns: number;
  /** The header text of each column: the label of its cells in a card. */
  labels: string[];
  /** Columns whose cells are all short: in a card, label and value share a line. */
  short: boolean[];
  /** Needs more room than other tables to stay a table: five columns or more. */
  wide: boolean;
  /**
   * Per body row, per cell: how many columns it spans (1 for most; n for the first of n
   * adjacent equal cells after the first column, 0 for the cells it covers).
   */
  spans: number[][];
}

/** A number as a table cell holds it, in any locale's notation: `89 %`, `79,90–89,90`, `1 048 576`, `—`. */
const NUMBER = /^(?=.*[\d—–-])[\d\s.,:%‰+\-−–—×/()₽$€]*$/;
/** A data table has at most this many columns (a name and two numbers keep readable cells on a phone). */
const DATA_COLUMNS = 3;
/** A cell this short sits on one line with its label in a card. */
const SHORT_CELL = 16;

const isElement = (node: HastNode | undefined, tag?: string): node is HastElement =>
  node?.type === 'element' && (tag === undefined || node.tagName === tag);

function textOf(node: HastNode): string {
  return node.type === 'text' ? node.value : node.children.map(textOf).join('');
}

function rowsOf(node: HastElement, section: string): HastElement[] {
  return node.children.filter((c) => isElement(c, section)).flatMap((s) => (s as HastElement).children.filter((r) => isElement(r, 'tr')));
}

const cellsOf = (row: HastElement) => row.children.filter((c): c is HastElement => isElement(c, 'td') || isElement(c, 'th'));

/** Equal adjacent cells after the first column (the key of the row) become one spanning cell. */
function spansOf(cells: HastElement[]): number[] {
  const spans = cells.map(() => 1);
  const same = (a: HastElement, b: HastElement) =>
    JSON.stringify(a.children) === JSON.stringify(b.children) && a.properties.align === b.properties.align && textOf(a).trim() !== '';
  for (let i = 1; i < cells.length; i++) {
    let j = i + 1;
    while (j < cells.length && same(cells[i]!, cells[j]!) && !cells[i]!.properties.colSpan && !cells[j]!.properties.colSpan) j++;
    if (j - i < 2) continue;
    spans[i] = j - i;
    for (let k = i + 1; k < j; k++) spans[k] = 0;
    i = j - 1;
  }
  return spans;
}

export function tableShape(table: HastElement): TableShape {
  const head = rowsOf(table, 'thead')[0];
  const body = [...rowsOf(table, 'tbody'), ...table.children.filter((c): c is HastElement => isElement(c, 'tr'))];
  const labels = head ? cellsOf(head).map((c) => textOf(c).trim()) : [];
  const texts = body.map((r) => cellsOf(r).map((c) => textOf(c).replace(/\s+/g, ' ').trim()));
  const rows = texts.map((r) => r.map((t) => t.length));
  const columns = Math.max(labels.length, ...rows.map((r) => r.length), 0);
  const longest = Array.from({ length: columns }, (_, i) => Math.max(0, ...rows.map((r) => r[i] ?? 0)));
  const short = longest.map((n) => n <= SHORT_CELL);
  while (labels.length < columns) labels.push('');
  const numbers = texts.every((r) => r.slice(1).every((t) => NUMBER.test(t)));
  let layout: TableLayout = 'cards';
  if (columns <= 1 || (columns <= DATA_COLUMNS && numbers)) layout = 'data';
  const wide = columns >= 5;
  return { layout, columns, labels, short, wide, spans: body.map((r) => spansOf(cellsOf(r))) };
}
