import type { Element, ElementContent } from 'hast';
import type { Code, Root } from 'mdast';
import type { Plugin } from 'unified';
import { walkType } from './walk-mdast.ts';
import type { CodeHighlighter } from './highlighter.ts';
import { CODE_LANGUAGES } from './highlighter.ts';
import { report } from './report.ts';

export interface CodeBlocksOptions {
  /** Without a highlighter, code is emitted plain (validation does not need colours). */
  highlighter?: CodeHighlighter;
}

/** A fenced block as the checks see it (the pair check, the JSON example check). */
export interface CollectedCode {
  lang: string;
  value: string;
  title: string | null;
  /** `schema="v1:Visit"`: the OpenAPI schema a JSON example shows (checked against it). */
  schema: string | null;
  /** Line of the opening fence; the code starts on the next line. */
  line: number;
  /** Column of the opening fence (a fence in a list item is indented, and so is its code). */
  column: number;
}

function metaAttribute(meta: string | null | undefined, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}=(?:"([^"]*)"|'([^']*)'|(\\S+))`).exec(meta ?? '');
  return m ? (m[1] ?? m[2] ?? m[3] ?? null) : null;
}

/** `title="request.sh"` and `schema="v1:Visit"` from a fence's meta string. */
export function parseCodeMeta(meta: string | null | undefined): { title: string | null; schema: string | null } {
  return { title: metaAttribute(meta, 'title'), schema: metaAttribute(meta, 'schema') };
}

/**
 * Fenced code → `<figure class="code-block" data-language>` with an optional
 * `<figcaption>` title and a `<pre class="hl">` highlighted at build time.
 */
export const remarkCodeBlocks: Plugin<[CodeBlocksOptions?], Root> =
  (options = {}) =>
  (tree, file) => {
    const blocks: CollectedCode[] = [];
    const h = options.highlighter;
    const used: Record<string, string> = {};
    walkType(tree, 'code', (node: Code) => {
      const requested = (node.lang ?? '').toLowerCase();
      const lang = CODE_LANGUAGES[requested];
      if (node.lang && !lang) {
        report(
          file,
          node,
          'unknown-code-language',
          `unknown code language "${node.lang}": use one of ${[...new Set(Object.values(CODE_LANGUAGES))].join(', ')}`,
          'warning',
        );
      }
      const { title, schema } = parseCodeMeta(node.meta);
      const named = lang ?? requested;
      blocks.push({
        lang: named,
        value: node.value,
        title,
        schema,
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
      });
      const done = h && lang && lang !== 'text' ? h.highlight(lang, node.value) : null;
      let pre: Element;
      if (done) {
        pre = done.pre;
        Object.assign(used, done.classes);
      } else {
        pre = {
          type: 'element',
          tagName: 'pre',
          properties: { className: ['hl'], tabIndex: 0 },
          children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: node.value }] }],
        };
      }
      const children: ElementContent[] = [];
      if (title)
        children.push({
          type: 'element',
          tagName: 'figcaption',
          properties: { className: ['code-title'] },
          children: [{ type: 'text', value: title }],
        });
      children.push(pre);
      node.data = {
        ...node.data,
        hName: 'figure',
        hProperties: { className: ['code-block'], dataLanguage: named || 'text' },
        hChildren: children,
      };
    });
    file.data.codeBlocks = blocks;
    file.data.codeClasses = used;
  };

/** The stylesheet of every highlighting class the pages use. */
export function codeStylesheet(classes: Record<string, string>): string {
  return Object.keys(classes)
    .sort()
    .map((c) => `.${c}{${classes[c]}}`)
    .join('');
}
