/**
 * How a markdown table reads on a narrow screen, decided from what is the same in every
 * locale (the number of columns, and whether its cells hold numbers) so that a page and its
 * translation draw the same layout, and the server and the browser draw the same thing:
 *
 * - `data`: up to three columns, every cell but the first column's a number (an amount, a
 *   percentage, a count). It stays a table; the numbers keep their line, the first column wraps.
 * - `cards`: any other. On a narrow screen each row becomes a card: the first cell on top, every
 *   other cell under its column's name (a two-column table needs no names: a name and its
 *   text). Cells wrap. A table that needs more room turns into cards at a larger width: a wide
 *   one (five columns or more, or code that does not fit 36rem in its narrowest layout) below
 *   44rem, an extra-wide one (code that does not fit 44rem) below 60rem, so that on a laptop
 *   it is cards rather than a table that scrolls sideways.
 *
 * Adjacent cells of a row with the same content are drawn once, spanning their columns (see
 * `spans`).
 */
import type { HastElement, HastNode } from '@vitrina-docs/schemas';
import { codeBreaks } from '../shared/code-breaks.ts';

export type TableLayout = 'data' | 'cards';

export interface TableShape {
  layout: TableLayout;
  columns: number;
  /** The header text of each column: the label of its cells in a card. */
  labels: string[];
  /** Columns whose cells are all short: in a card, label and value share a line. */
  short: boolean[];
  /** Needs more room than other tables to stay a table: five columns or more, or more than 36rem of code. */
  wide: boolean;
  /** Needs more room still: more than 44rem of code in its narrowest layout. */
  extraWide: boolean;
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

/**
 * The narrowest a table can be drawn, estimated from what is the same in every locale: in each
 * column its widest piece of inline code that stays on one line (code-breaks.ts: a token of up
 * to 32 characters, a part of a longer one) or, for a column of words, WORD_REM; plus each
 * cell's padding.
 */
/** The width of a character of inline code in a table cell (monospace, 0.92rem table text). */
const CODE_CHAR_REM = 0.5;
/** The width given to a column of words: a long word. */
const WORD_REM = 5;
/** A cell's padding, both sides. */
const CELL_PADDING_REM = 1.6;
const WIDE_REM = 36;
const EXTRA_WIDE_REM = 44;

const isElement = (node: HastNode | undefined, tag?: string): node is HastElement =>
  node?.type === 'element' && (tag === undefined || node.tagName === tag);

function textOf(node: HastNode): string {
  return node.type === 'text' ? node.value : node.children.map(textOf).join('');
}

function rowsOf(node: HastElement, section: string): HastElement[] {
  return node.children.filter((c) => isElement(c, section)).flatMap((s) => (s as HastElement).children.filter((r) => isElement(r, 'tr')));
}

/** The character count of the widest piece of inline code under `node` that stays on one line (code-breaks.ts). */
function longestCode(node: HastNode, inCode = false): number {
  if (node.type === 'text')
    return inCode ? Math.max(0, ...codeBreaks(node.value).flatMap((piece) => piece.split(/\s+/).map((part) => part.length))) : 0;
  const code = inCode || node.tagName === 'code';
  return Math.max(0, ...node.children.map((c) => longestCode(c, code)));
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
  const codeChars = Array.from({ length: columns }, (_, i) =>
    Math.max(0, ...body.map((r) => longestCode(cellsOf(r)[i] ?? { type: 'text', value: '' }))),
  );
  const narrowest = codeChars.reduce((sum, chars) => sum + Math.max(chars * CODE_CHAR_REM, WORD_REM) + CELL_PADDING_REM, 0);
  const wide = columns >= 5 || narrowest > WIDE_REM;
  const extraWide = narrowest > EXTRA_WIDE_REM;
  return { layout, columns, labels, short, wide, extraWide, spans: body.map((r) => spansOf(cellsOf(r))) };
}
