import type { Element, Root as HastRoot } from 'hast';
import type { HighlighterCore } from 'shiki/core';

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

/** Highlights code blocks: Shiki on this thread, or a build worker that runs it (worker-pool.ts). */
export interface CodeHighlighter {
  /** The highlighted block; the same object for the same code (callers copy it before changing it). */
  highlight(lang: string, code: string): HighlightedCode | Promise<HighlightedCode>;
}

/** A highlighter of this thread: it can let go of Shiki once it has highlighted what it was sent ahead. */
export interface LocalCodeHighlighter extends CodeHighlighter {
  /**
   * Lets go of Shiki (its grammars and their compiled regular expressions: about 20 MB at this
   * site's size) and keeps the blocks highlighted so far. A block not among them loads Shiki
   * again.
   */
  release(): void;
}

/** The key of a code block in the caches of highlighted code. */
export function codeKey(lang: string, code: string): string {
  return `${lang}\u0000${code}`;
}

/**
 * One highlighter for the thread: two themes (light and dark), output as classes rather than
 * inline styles so that a strict Content-Security-Policy holds. Shiki is loaded here, on first
 * use (validation never highlights). Highlighted blocks are kept: the two pages of a
 * translation pair share their code, and a build's highlighting thread keeps every block it
 * highlighted ahead for the pages it compiles after `release()`.
 */
export async function createCodeHighlighter(): Promise<LocalCodeHighlighter> {
  const { transformerStyleToClass } = await import('@shikijs/transformers');
  // The thread's Shiki while this highlighter holds it (null after `release()`, until it needs it again).
  let loading: Promise<HighlighterCore> | null = sharedShiki();
  let core: HighlighterCore | null = await loading;
  const classes = transformerStyleToClass({ classPrefix: 'hl-' });
  const registry = classes.getClassRegistry();
  const memo = new Map<string, HighlightedCode>();
  const highlightWith = (using: HighlighterCore, lang: string, code: string, key: string): HighlightedCode => {
    const hast = using.codeToHast(code, {
      lang,
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: false,
      transformers: [classes],
      // Shiki stops tokenising a line after 500 ms by default and leaves the rest plain: the
      // output would then depend on the machine's load (a grammar's regexes are compiled
      // during its first line). Every line is tokenised to its end.
      tokenizeTimeLimit: 0,
    }) as HastRoot;
    const pre = hast.children[0] as Element;
    normaliseClasses(pre);
    const preClasses = ((pre.properties.className as string[] | undefined) ?? []).filter((c) => c.startsWith('hl-'));
    pre.properties = { className: ['shiki', ...preClasses], tabIndex: 0 };
    const used: Record<string, string> = {};
    collectClasses(pre, registry, used);
    const done = { pre, classes: used };
    if (memo.size > 5000) memo.clear();
    memo.set(key, done);
    return done;
  };
  return {
    highlight(lang, code) {
      const key = codeKey(lang, code);
      const done = memo.get(key);
      if (done) return done;
      if (core) return highlightWith(core, lang, code, key);
      loading ??= sharedShiki();
      return loading.then((loaded) => {
        core = loaded;
        return memo.get(key) ?? highlightWith(loaded, lang, code, key);
      });
    },
    release() {
      // (Other highlighters of the thread may still use it: it goes when the last lets go.)
      if (shiki === loading) shiki = null;
      loading = null;
      core = null;
    },
  };
}

let shiki: Promise<HighlighterCore> | null = null;

/** The thread's Shiki, loaded on first use and shared by its highlighters. */
function sharedShiki(): Promise<HighlighterCore> {
  shiki ??= loadShiki();
  return shiki;
}

/** Shiki with the site's languages and its two themes. */
async function loadShiki(): Promise<HighlighterCore> {
  const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
    import('shiki/core'),
    import('shiki/engine/javascript'),
  ]);
  return createHighlighterCore({
    engine: createJavaScriptRegexEngine(),
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
    langs: [
      import('shiki/langs/bash.mjs'),
      import('shiki/langs/json.mjs'),
      import('shiki/langs/http.mjs'),
      import('shiki/langs/kotlin.mjs'),
      import('shiki/langs/swift.mjs'),
      import('shiki/langs/python.mjs'),
      import('shiki/langs/javascript.mjs'),
      import('shiki/langs/typescript.mjs'),
      import('shiki/langs/yaml.mjs'),
      import('shiki/langs/groovy.mjs'),
      import('shiki/langs/xml.mjs'),
      import('shiki/langs/csv.mjs'),
      import('shiki/langs/java.mjs'),
      import('shiki/langs/sql.mjs'),
      import('shiki/langs/ini.mjs'),
      import('shiki/langs/diff.mjs'),
    ],
  });
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
