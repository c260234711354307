import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Refractor } from 'refractor/core';

/** Languages a code fence may name (aliases map to one of these). */
export const CODE_LANGUAGES: Record<string, string> = {
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  console: 'bash',
  json: 'json',
  http: 'http',
  kotlin: 'kotlin',
  kt: 'kotlin',
  swift: 'swift',
  python: 'python',
  py: 'python',
  javascript: 'javascript',
  js: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  yaml: 'yaml',
  yml: 'yaml',
  groovy: 'groovy',
  gradle: 'groovy',
  xml: 'xml',
  csv: 'csv',
  java: 'java',
  sql: 'sql',
  ini: 'ini',
  diff: 'diff',
  text: 'text',
  txt: 'text',
  plaintext: 'text',
};

/** A code block highlighted: its `<pre>` and the CSS declarations of the classes it uses. */
export interface HighlightedCode {
  pre: Element;
  classes: Record<string, string>;
}

/** Highlights code blocks at build time. */
export interface CodeHighlighter {
  /** The highlighted block: a tree of its own, which the caller may change. */
  highlight(lang: string, code: string): HighlightedCode;
}

/**
 * What a token is drawn as, and its colours in the light and the dark theme (those of GitHub's
 * code view). The page's stylesheet gets one class per role it uses: `.hl-keyword{--hl-light:…;
 * --hl-dark:…}`, and the renderer's CSS picks the variable of the theme shown. Classes rather
 * than inline styles, so that a strict Content-Security-Policy holds.
 */
export const TOKEN_ROLES = {
  comment: ['#6a737d', '#8b949e'],
  keyword: ['#d73a49', '#f97583'],
  string: ['#032f62', '#9ecbff'],
  constant: ['#005cc5', '#79b8ff'],
  function: ['#6f42c1', '#b392f0'],
  tag: ['#22863a', '#85e89d'],
  variable: ['#e36209', '#ffab70'],
  inserted: ['#22863a', '#85e89d'],
  deleted: ['#b31d28', '#fdaeb7'],
} as const satisfies Record<string, readonly [light: string, dark: string]>;

export type TokenRole = keyof typeof TOKEN_ROLES;

/**
 * Prism's token types (and the aliases a grammar gives them) → the role they are drawn as. A token
 * of another type (punctuation, a string's interpolation) takes the colour of what holds it.
 */
const ROLE_OF: Record<string, TokenRole> = {
  comment: 'comment',
  prolog: 'comment',
  doctype: 'comment',
  cdata: 'comment',
  shebang: 'comment',
  keyword: 'keyword',
  important: 'keyword',
  atrule: 'keyword',
  rule: 'keyword',
  string: 'string',
  char: 'string',
  'attr-value': 'string',
  regex: 'string',
  url: 'string',
  'string-literal': 'string',
  'template-string': 'string',
  'header-value': 'string',
  number: 'constant',
  boolean: 'constant',
  constant: 'constant',
  symbol: 'constant',
  property: 'constant',
  builtin: 'constant',
  nil: 'constant',
  entity: 'constant',
  function: 'function',
  'function-definition': 'function',
  'class-name': 'function',
  'attr-name': 'function',
  annotation: 'function',
  decorator: 'function',
  tag: 'tag',
  selector: 'tag',
  variable: 'variable',
  parameter: 'variable',
  'assign-left': 'variable',
  inserted: 'inserted',
  deleted: 'deleted',
};

/** A role's class and its CSS declarations. */
export function roleClass(role: TokenRole): [className: string, declarations: string] {
  const [light, dark] = TOKEN_ROLES[role];
  return [`hl-${role}`, `--hl-light:${light};--hl-dark:${dark}`];
}

/** Prism's name of a language of CODE_LANGUAGES (XML is its `markup`). */
const PRISM_NAME: Record<string, string> = { xml: 'markup' };

/**
 * One highlighter for the thread: Prism's grammars through refractor (the unified collective's
 * Prism, whose output is a hast tree), loaded on first use (validation never highlights). A
 * block's tokens become `<span class="hl-<role>">` (TOKEN_ROLES), in `<pre class="hl"><code>`.
 */
export async function createCodeHighlighter(): Promise<CodeHighlighter> {
  const refractor = await loadRefractor();
  return {
    highlight(lang, code) {
      const tree = refractor.highlight(code, PRISM_NAME[lang] ?? lang) as HastRoot;
      const used: Record<string, string> = {};
      const children = tokens(tree.children as ElementContent[], used);
      const pre: Element = {
        type: 'element',
        tagName: 'pre',
        properties: { className: ['hl'], tabIndex: 0 },
        children: [{ type: 'element', tagName: 'code', properties: {}, children }],
      };
      return { pre, classes: used };
    },
  };
}

/**
 * Prism's spans → spans of a role, each with its one class; a span of no role gives way to its
 * content, and the text then next to each other is joined.
 */
function tokens(nodes: readonly ElementContent[], used: Record<string, string>): ElementContent[] {
  const out: ElementContent[] = [];
  const push = (node: ElementContent) => {
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else out.push(node);
  };
  for (const node of nodes) {
    if (node.type !== 'element') {
      if (node.type === 'text') push({ type: 'text', value: node.value });
      continue;
    }
    const inner = tokens(node.children, used);
    const role = roleOf(node.properties.className);
    if (!role) {
      for (const child of inner) push(child);
      continue;
    }
    const [className, declarations] = roleClass(role);
    used[className] = declarations;
    out.push({ type: 'element', tagName: 'span', properties: { className: [className] }, children: inner });
  }
  return out;
}

/** The role of a Prism token: that of its type, else of its first alias that has one. */
function roleOf(className: unknown): TokenRole | undefined {
  if (!Array.isArray(className)) return undefined;
  for (const c of className) {
    const role = ROLE_OF[String(c)];
    if (role) return role;
  }
  return undefined;
}

let loading: Promise<Refractor> | null = null;

/** refractor with the grammars of CODE_LANGUAGES (each registers those it builds on). */
function loadRefractor(): Promise<Refractor> {
  loading ??= (async () => {
    const { refractor } = await import('refractor/core');
    const grammars = await Promise.all([
      import('refractor/bash'),
      import('refractor/json'),
      import('refractor/http'),
      import('refractor/kotlin'),
      import('refractor/swift'),
      import('refractor/python'),
      import('refractor/javascript'),
      import('refractor/typescript'),
      import('refractor/yaml'),
      import('refractor/groovy'),
      import('refractor/markup'),
      import('refractor/csv'),
      import('refractor/java'),
      import('refractor/sql'),
      import('refractor/ini'),
      import('refractor/diff'),
    ]);
    for (const g of grammars) refractor.register(g.default);
    return refractor;
  })();
  return loading;
}
