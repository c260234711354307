import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Code, Root } from 'mdast';
import type { Plugin } from 'unified';
import { visit } from 'unist-util-visit';
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
 * `<figcaption>` title and a `<pre class="shiki">` highlighted at build time.
 */
export const remarkCodeBlocks: Plugin<[CodeBlocksOptions?], Root> =
  (options = {}) =>
  (tree, file) => {
    const blocks: CollectedCode[] = [];
    const used: Record<string, string> = {};
    const registry = options.highlighter?.classes.getClassRegistry();
    visit(tree, 'code', (node: Code) => {
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
      blocks.push({
        lang: lang ?? requested,
        value: node.value,
        title,
        schema,
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
      });
      let pre: Element;
      if (options.highlighter && lang && lang !== 'text') {
        pre = structuredClone(highlighted(options.highlighter, lang, node.value));
        collectClasses(pre, registry!, used);
      } else {
        pre = {
          type: 'element',
          tagName: 'pre',
          properties: { className: ['shiki'], tabIndex: 0 },
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
        hProperties: { className: ['code-block'], dataLanguage: lang ?? (requested || 'text') },
        hChildren: children,
      };
    });
    file.data.codeBlocks = blocks;
    file.data.codeClasses = used;
  };

/** Highlighted blocks of this thread: the two pages of a translation pair share their code. */
const highlightMemo = new Map<string, Element>();

function highlighted(h: CodeHighlighter, lang: string, code: string): Element {
  const key = `${lang}\u0000${code}`;
  let pre = highlightMemo.get(key);
  if (!pre) {
    const hast = h.core.codeToHast(code, {
      lang,
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: false,
      transformers: [h.classes],
      // Shiki stops tokenising a line after 500 ms by default and leaves the rest plain: the
      // output would then depend on the machine's load (a grammar's regexes are compiled
      // during its first line). Every line is tokenised to its end.
      tokenizeTimeLimit: 0,
    }) as HastRoot;
    pre = hast.children[0] as Element;
    normaliseClasses(pre);
    const preClasses = ((pre.properties.className as string[] | undefined) ?? []).filter((c) => c.startsWith('hl-'));
    pre.properties = { className: ['shiki', ...preClasses], tabIndex: 0 };
    if (highlightMemo.size > 5000) highlightMemo.clear();
    highlightMemo.set(key, pre);
  }
  return pre;
}

/** The CSS declarations of a highlighting class, as the registry holds them. */
function declarations(style: Record<string, string> | string): string {
  return typeof style === 'string'
    ? style
    : Object.entries(style)
        .map(([k, v]) => `${k}:${v}`)
        .join(';');
}

/** Shiki writes `class` strings; hast (and the renderer) use `className` arrays. */
function normaliseClasses(node: Element): void {
  const cls = node.properties.class ?? node.properties.className;
  if (typeof cls === 'string') node.properties.className = cls.split(/\s+/).filter(Boolean);
  delete node.properties.class;
  for (const child of node.children) if (child.type === 'element') normaliseClasses(child);
}

function collectClasses(node: Element, registry: Map<string, Record<string, string> | string>, used: Record<string, string>): void {
  const cls = node.properties.className;
  for (const c of Array.isArray(cls) ? cls : []) {
    const style = registry.get(String(c));
    if (style !== undefined) used[String(c)] = declarations(style);
  }
  for (const child of node.children) if (child.type === 'element') collectClasses(child, registry, used);
}

/** The stylesheet of every highlighting class the pages use. */
export function codeStylesheet(classes: Record<string, string>): string {
  return Object.keys(classes)
    .sort()
    .map((c) => `.${c}{${classes[c]}}`)
    .join('');
}
