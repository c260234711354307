/**
 * How a markdown table reads on a narrow screen, decided from its shape (columns and cell
 * lengths) so that the server and the browser draw the same thing:
 *
 * - `data`: every cell but the first column's is short (numbers, codes, yes/no). It stays a
 *   table, its cells never wrap, and a table wider than the screen scrolls in its own box.
 * - `keyed`: two columns, the first a short key (a status code, a flag). It stays a table:
 *   the key keeps its line and the second column gets the rest of the width.
 * - `cards`: a reference table (names and their explanations). On a narrow screen each row
 *   becomes a card: the first cell on top, every other cell under its column's name. A wide
 *   one (five columns, or three of long text) turns into cards at a larger width.
 */
import type { HastElement, HastNode } from '@vitrina-docs/schemas';

export type TableLayout = 'data' | 'keyed' | 'cards';

export interface TableShape {
  layout: TableLayout;
  columns: number;
  /** The header text of each column: the label of its cells in a card. */
  labels: string[];
  /** Columns whose cells are all short: in a card, label and value share a line. */
  short: boolean[];
  /** Needs more room than other tables to stay a table: five columns or more, or three of long text. */
  wide: boolean;
}

/** Cells of a data table, other than the first column's, are at most this long. */
const DATA_CELL = 12;
/** ...and its first column at most this long. */
const DATA_KEY = 32;
/** The key of a keyed table is at most this long. */
const KEY = 8;
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

export function tableShape(table: HastElement): TableShape {
  const head = rowsOf(table, 'thead')[0];
  const body = [...rowsOf(table, 'tbody'), ...table.children.filter((c): c is HastElement => isElement(c, 'tr'))];
  const labels = head ? cellsOf(head).map((c) => textOf(c).trim()) : [];
  const rows = body.map((r) => cellsOf(r).map((c) => textOf(c).replace(/\s+/g, ' ').trim().length));
  const columns = Math.max(labels.length, ...rows.map((r) => r.length), 0);
  const longest = Array.from({ length: columns }, (_, i) => Math.max(0, ...rows.map((r) => r[i] ?? 0)));
  const short = longest.map((n) => n <= SHORT_CELL);
  while (labels.length < columns) labels.push('');
  let layout: TableLayout = 'cards';
  if (columns <= 1 || (longest[0]! <= DATA_KEY && longest.slice(1).every((n) => n <= DATA_CELL))) layout = 'data';
  else if (columns === 2 && longest[0]! <= KEY) layout = 'keyed';
  const wide = columns >= 5 || short.filter((s) => !s).length >= 3;
  return { layout, columns, labels, short, wide };
}
