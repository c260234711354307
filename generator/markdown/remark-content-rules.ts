import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Plugin } from 'unified';
import { walk } from './walk-mdast.ts';
import { MARKDOWN_LIMITS } from './limits.ts';
import { report } from './report.ts';

const PLACEHOLDER = /\b(TODO|TBD|FIXME|lorem ipsum)\b|текст будет позже|coming soon|скоро будет/i;
export const MIN_WORDS = 150;
/** A word the search index leaves out (it splits words at white space and hyphens). */
const LONG_WORD = new RegExp(`[^\\s-]{${MARKDOWN_LIMITS.wordLength + 1},}`);

/** Words of prose: text outside code blocks, tables and headings. */
export function countProseWords(tree: Root): number {
  let words = 0;
  const walk = (node: RootContent | Root): void => {
    if (node.type === 'code' || node.type === 'table' || node.type === 'heading' || node.type === 'html') return;
    if (node.type === 'text') {
      words += node.value.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      return;
    }
    if ('children' in node) for (const c of node.children) walk(c as RootContent);
  };
  walk(tree);
  return words;
}

export interface ContentRulesOptions {
  /** Apply the rules of a full page (lead, sections, length); off for snippets. */
  page?: boolean;
}

/**
 * The content contract (shared/CONTENT.md) that can be checked on one page: no raw HTML,
 * a language on every code fence, no `#` h1, no placeholder text, a lead, at least one `##`
 * section and enough prose.
 */
export const remarkContentRules: Plugin<[ContentRulesOptions?], Root> =
  (options = {}) =>
  (tree, file) => {
    walk(tree, (node) => {
      switch (node.type) {
        case 'html':
          report(
            file,
            node,
            'raw-html',
            `raw HTML is not allowed: ${JSON.stringify(node.value.slice(0, 40))} (write Markdown, or put it in backticks)`,
          );
          break;
        case 'code':
          if (!node.lang) report(file, node, 'code-without-language', 'code fence without a language: write ```bash, ```json, ```text …');
          break;
        case 'heading':
          if (node.depth === 1) report(file, node, 'h1-in-body', 'the title is the h1: start sections at ##');
          break;
        case 'text': {
          const m = PLACEHOLDER.exec(node.value);
          if (m) report(file, node, 'placeholder-text', `placeholder text "${m[0]}": write the real content`);
          const long = LONG_WORD.exec(node.value);
          if (long)
            report(
              file,
              node,
              'word-too-long',
              `a word of ${long[0].length.toLocaleString('en-US')} characters ("${long[0].slice(0, 24)}…") is left out of the search index (at most ${MARKDOWN_LIMITS.wordLength}): put data like this in a code block`,
              'warning',
            );
          break;
        }
      }
    });
    if (!options.page) return;
    const blocks = tree.children.filter((c) => c.type !== 'definition' && c.type !== 'footnoteDefinition');
    if (blocks.length === 0 || toString(tree).trim() === '') {
      report(file, undefined, 'empty-page', 'the page has no content');
      return;
    }
    if (!tree.children.some((c) => c.type === 'heading' && c.depth === 2)) {
      report(file, blocks[0], 'no-section', 'the page has no ## section');
    }
    if (blocks[0]?.type !== 'paragraph') {
      report(file, blocks[0], 'missing-lead', 'start the page with a lead paragraph: who it is for and what it helps them do', 'warning');
    }
    const words = countProseWords(tree);
    if (words < MIN_WORDS) {
      report(file, blocks[0], 'short-page', `the page has ${words} words of prose; write at least ${MIN_WORDS}`, 'warning');
    }
  };
