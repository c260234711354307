/**
 * The limits a page keeps so that compiling it stays bounded in time, memory and stack.
 *
 * The markdown parser is linear on ordinary text but not on every input: deeply nested lists
 * take cubic time (1,000 levels: 20 s), a run of emphasis or bracket marks in one paragraph
 * quadratic time, and every block costs about 15 KB of parser state (a 2 MB table exhausts any
 * heap). So the source is scanned first, in one linear pass, and a page past a limit is reported
 * (with its line) instead of compiled. The parsed tree is then measured without recursion before
 * any plugin walks it, so that no walk can be driven past the stack.
 *
 * Each limit is an order of magnitude above the largest real page (measured on content/).
 */
import type { Node, Parent } from 'unist';

export const MARKDOWN_LIMITS = {
  /** Bytes of markdown. The largest real page has 21 KB. */
  pageBytes: 256 * 1024,
  /** Blocks: non-blank lines outside code blocks, plus each list or quote mark. The largest real page has 146. */
  blocks: 2_000,
  /** Lists, quotes and admonitions a line is nested in (estimated from its marks, indentation and open admonitions). Real pages: 3. */
  nesting: 20,
  /** Depth of the markdown tree (block and inline). Real pages: 8. The renderer draws 64 levels of HTML. */
  depth: 40,
  /** Cells of one table (rows × columns). The largest real table has 65 (13 rows, 5 columns). */
  tableCells: 2_000,
  /** Emphasis and bracket marks (`*`, `_`, `~`, `[`, `]`) in one paragraph or table row. Real pages: 94. */
  inlineMarks: 1_000,
  /** Characters of a word that is indexed for search; longer ones are left out. Real pages: 136. */
  wordLength: 256,
} as const;

export interface LimitFinding {
  line: number;
  column: number;
  code: 'page-too-large' | 'nesting-too-deep' | 'table-too-large' | 'markup-too-dense';
  message: string;
}

const n = (value: number) => value.toLocaleString('en-US');

/** Container marks and the whitespace around them at the start of a line: `> - 1. `. */
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[*+-](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))*[ \t]*/;
const CONTAINER_MARK = />|[*+-](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)/g;
const FENCE = /^(`{3,}|~{3,})/;
const DELIMITER_ROW = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const INLINE_MARK = /[*_~[\]]/g;

function columnsOf(whitespace: string): number {
  let cols = 0;
  for (const c of whitespace) cols = c === '\t' ? cols + 4 - (cols % 4) : c === ' ' ? cols + 1 : cols;
  return cols;
}

/** A page file of this many bytes is too large (checked before it is read, frontmatter included). */
export function checkPageBytes(bytes: number): LimitFinding | null {
  if (bytes <= MARKDOWN_LIMITS.pageBytes) return null;
  return {
    line: 1,
    column: 1,
    code: 'page-too-large',
    message: `the page has ${n(Math.ceil(bytes / 1024))} KB of markdown: at most ${n(MARKDOWN_LIMITS.pageBytes / 1024)} KB; split it into several pages`,
  };
}

/**
 * One linear pass over the source: the first limit it breaks, or null. Its estimates err on the
 * side of counting more (a line's nesting from its marks and indentation, a table's cells from its
 * delimiter row and its lines), never less.
 */
export function checkSourceLimits(source: string): LimitFinding | null {
  const L = MARKDOWN_LIMITS;
  const tooLarge = checkPageBytes(Buffer.byteLength(source, 'utf8'));
  if (tooLarge) return tooLarge;
  const lines = source.split('\n');
  let fence: string | null = null;
  let directives = 0;
  let blocks = 0;
  let marks = 0;
  let marksFrom = 0;
  let table: { line: number; columns: number; rows: number } | null = null;
  const endTable = (): LimitFinding | null => {
    if (!table) return null;
    const cells = table.columns * table.rows;
    const found = table;
    table = null;
    if (cells <= L.tableCells) return null;
    return {
      line: found.line,
      column: 1,
      code: 'table-too-large',
      message: `the table has ${n(found.rows)} rows of ${n(found.columns)} columns (${n(cells)} cells): at most ${n(L.tableCells)} cells; split it, or publish the data as a file in content/static`,
    };
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const prefix = CONTAINER_PREFIX.exec(line)![0];
    const rest = line.slice(prefix.length);
    if (fence !== null) {
      if (rest.startsWith(fence) && (fence[0] === '`' ? /^`+[ \t]*$/ : /^~+[ \t]*$/).test(rest)) fence = null;
      continue;
    }
    const opened = FENCE.exec(rest);
    if (opened) {
      fence = opened[1]!;
      continue;
    }
    if (rest.trim() === '') {
      const big = endTable();
      if (big) return big;
      marks = 0;
      continue;
    }
    if (/^:{3,}[A-Za-z]/.test(rest)) directives++;
    else if (/^:{3,}[ \t]*$/.test(rest)) directives = Math.max(0, directives - 1);
    const containerMarks = prefix.match(CONTAINER_MARK)?.length ?? 0;
    const nesting = containerMarks + Math.floor(columnsOf(prefix.replace(CONTAINER_MARK, '')) / 2) + directives;
    if (nesting > L.nesting)
      return {
        line: i + 1,
        column: 1,
        code: 'nesting-too-deep',
        message: `this line is nested ${n(nesting)} levels deep (lists, quotes, admonitions, indentation): at most ${L.nesting}`,
      };
    blocks += 1 + containerMarks;
    if (blocks > L.blocks)
      return {
        line: i + 1,
        column: 1,
        code: 'page-too-large',
        message: `the page has more than ${n(L.blocks)} blocks (lines of text, list items, quotes, table rows) by this line: split it into several pages`,
      };
    if (table) table.rows++;
    else if (i > 0 && DELIMITER_ROW.test(rest.trim()) && rest.includes('-') && (rest.includes('|') || lines[i - 1]!.includes('|'))) {
      table = {
        line: i,
        columns: rest
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|').length,
        rows: 2,
      };
      marks = 0;
    }
    // A table's cells are parsed one by one, a paragraph's marks all together.
    if (table) marks = 0;
    if (marks === 0) marksFrom = i + 1;
    marks += rest.match(INLINE_MARK)?.length ?? 0;
    if (marks > L.inlineMarks)
      return {
        line: marksFrom,
        column: 1,
        code: 'markup-too-dense',
        message: `more than ${n(L.inlineMarks)} emphasis and link marks (*, _, ~, [, ]) in one ${table ? 'table row' : 'paragraph'}: split it, or put the text in a code block`,
      };
  }
  return endTable();
}

/** The first node deeper than the depth limit (measured without recursion), with its depth. */
export function findTooDeep(tree: Node): LimitFinding | null {
  const stack: [Node, number][] = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > MARKDOWN_LIMITS.depth) {
      const start = node.position?.start;
      return {
        line: start?.line ?? 1,
        column: start?.column ?? 1,
        code: 'nesting-too-deep',
        message: `the page is nested more than ${MARKDOWN_LIMITS.depth} levels deep here (lists in lists, quotes, emphasis, links): simplify its structure`,
      };
    }
    const children = (node as Partial<Parent>).children;
    if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, depth + 1]);
  }
  return null;
}
