import { CODE_LANGUAGES } from './highlighter.ts';

/** A fenced block a page will ask the highlighter for: its language (as the highlighter names it) and its code. */
export interface FencedCode {
  lang: string;
  code: string;
}

const OPENING = /^( *)(`{3,}|~{3,})[ \t]*([^\s`]*)[^`\n]*$/;

/**
 * The highlighted fenced blocks of a page, found by a look at its lines rather than by the
 * parser, so that a build can hand them to the highlighter's thread before the page is compiled.
 * A fence indented by n spaces (in a list item) has up to n spaces taken off each line, as the
 * parser does. Blocks it reads otherwise than the parser (in a block quote, say) are asked for
 * again when the page is compiled, so that a miss costs time, not correctness.
 */
export function scanFences(source: string): FencedCode[] {
  const found: FencedCode[] = [];
  const lines = source.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const fence = open[2]!;
    const closing = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !closing.test(lines[j]!); j++) {
      const line = lines[j]!;
      let k = 0;
      while (k < indent && line[k] === ' ') k++;
      body.push(line.slice(k));
    }
    const lang = CODE_LANGUAGES[open[3]!.toLowerCase()];
    if (lang && lang !== 'text') found.push({ lang, code: body.join('\n') });
    i = j;
  }
  return found;
}
