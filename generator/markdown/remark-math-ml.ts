/**
 * Formulas as mathematics: the `$$…$$` math of remark-math (a block on lines of its own, or
 * inline within a line) typeset at build time by Temml into MathML Core, which every current
 * browser draws without a script or a font of the site's own. The MathML goes into the page's
 * hast as elements, so the page JSON carries it, search reads its words, and the renderer's
 * sanitiser lets its elements through (renderer/hast/sanitize.ts).
 */
import type { Element, ElementContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import type { Root } from 'mdast';
import type { InlineMath, Math } from 'mdast-util-math';
import temml from 'temml';
import type { Plugin } from 'unified';
import { report } from './report.ts';
import { walk } from './walk-mdast.ts';

/** Why a formula could not be typeset, and where in its TeX (an offset, when the parser knows it). */
export interface TexError {
  message: string;
  offset: number | null;
}

/** TeX → the `<math>` element, or why the TeX is not valid. */
export function texToMathMl(tex: string, display: boolean): Element | TexError {
  let html: string;
  try {
    html = temml.renderToString(tex, { displayMode: display, throwOnError: true, annotate: false, xml: false });
  } catch (e) {
    const position = (e as { position?: unknown }).position;
    return {
      message: (e instanceof Error ? e.message : String(e)).replace(/^ParseError:\s*/, '').trim(),
      offset: typeof position === 'number' ? position : null,
    };
  }
  const math = fromHtml(html, { fragment: true }).children.find((c): c is Element => c.type === 'element' && c.tagName === 'math');
  return math ?? { message: 'the formula gave no MathML', offset: null };
}

/** The place in the markdown file of an offset into a formula's TeX. */
function placeOf(node: Math | InlineMath, offset: number | null) {
  const start = node.position?.start;
  if (!start || offset === null) return node;
  const before = node.value.slice(0, offset).split('\n');
  // Block math starts on the line after its opening `$$`; inline math after its `$$`.
  const line = start.line + (node.type === 'math' ? before.length : before.length - 1);
  const column = before.length === 1 && node.type === 'inlineMath' ? start.column + 2 + offset : before[before.length - 1]!.length + 1;
  return { ...node, position: { start: { line, column }, end: { line, column } } };
}

function toMathElement(node: Math | InlineMath, file: Parameters<typeof report>[0]): void {
  const display = node.type === 'math';
  const math = texToMathMl(node.value, display);
  if ('message' in math) {
    report(file, placeOf(node, math.offset), 'math-syntax', `the formula is not valid TeX: ${math.message}`);
    node.data = { ...node.data, hName: 'code', hProperties: {}, hChildren: [{ type: 'text', value: node.value }] };
    return;
  }
  node.data = {
    ...node.data,
    hName: 'math',
    hProperties: display ? { display: 'block' } : {},
    hChildren: math.children as ElementContent[],
  };
}

/** Turns remark-math's `math` and `inlineMath` nodes into MathML (`<math>` elements in the hast). */
export const remarkMathMl: Plugin<[], Root> = () => (tree, file) => {
  walk(tree, (node) => {
    if (node.type === 'math' || node.type === 'inlineMath') toMathElement(node, file);
  });
};
