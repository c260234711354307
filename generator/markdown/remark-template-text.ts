import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Plugin } from 'unified';
import { walk } from './walk-mdast.ts';
import { findTemplateText, quoteFragment } from '../scaffold/template-text.ts';
import { report } from './report.ts';

/**
 * The sentences `vitrina-docs new` writes for the writer to replace are errors wherever they
 * survive: a paragraph, a list item, an admonition or a code block of any page.
 */
export const remarkTemplateText: Plugin<[], Root> = () => (tree, file) => {
  walk(tree, (node) => {
    if (node.type !== 'paragraph' && node.type !== 'code') return;
    if (node.type === 'paragraph' && (node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) return;
    const found = findTemplateText(node.type === 'code' ? node.value : toString(node));
    if (found)
      report(
        file,
        node,
        'template-text',
        `template text of vitrina-docs new is still here: ${quoteFragment(found)}: replace it with the page's own words`,
      );
  });
};
