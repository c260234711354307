import type { ShikiTransformerStyleToClass } from '@shikijs/transformers';
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

export interface CodeHighlighter {
  core: HighlighterCore;
  /** Collects the classes used so far; `css()` returns their stylesheet. */
  classes: ShikiTransformerStyleToClass;
}

let pending: Promise<HighlighterCore> | null = null;

/**
 * One highlighter for the process: two themes (light and dark), output as classes rather
 * than inline styles so that a strict Content-Security-Policy holds. Shiki is loaded here, on
 * first use (validation never highlights).
 */
export async function createCodeHighlighter(): Promise<CodeHighlighter> {
  const [{ transformerStyleToClass }, { createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
    import('@shikijs/transformers'),
    import('shiki/core'),
    import('shiki/engine/javascript'),
  ]);
  pending ??= createHighlighterCore({
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
  const core = await pending;
  return { core, classes: transformerStyleToClass({ classPrefix: 'hl-' }) };
}
