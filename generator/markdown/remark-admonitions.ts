import type { Paragraph, Root, Text } from 'mdast';
import type { ContainerDirective, TextDirective } from 'mdast-util-directive';
import type { Plugin } from 'unified';
import { walk } from './walk-mdast.ts';
import { didYouMean } from '../suggest.ts';
import { report } from './report.ts';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger'] as const;
const KNOWN_TEXT_DIRECTIVES = new Set(['fact']);
const BLOCK_NAMES = [...ADMONITION_TYPES, 'details'];

/** A text directive written without a label or attributes, as `:00` in `23:00`. */
function isBareName(node: TextDirective): boolean {
  if (node.children.length > 0 || Object.keys(node.attributes ?? {}).length > 0) return false;
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined || end - start === node.name.length + 1;
}

/**
 * `:::tip[Title]` … `:::` → `<aside class="admonition admonition-tip">` with an optional
 * `<p class="admonition-title">`; `:::details[Summary]` → `<details><summary>`.
 * Any other directive is reported.
 */
export const remarkAdmonitions: Plugin<[], Root> = () => (tree, file) => {
  walk(tree, (node, index, parent) => {
    if (node.type === 'containerDirective') {
      const d = node as ContainerDirective;
      const first = d.children[0];
      const label = first?.type === 'paragraph' && first.data?.directiveLabel ? (first as Paragraph) : null;
      if ((ADMONITION_TYPES as readonly string[]).includes(d.name)) {
        if (label) label.data = { ...label.data, hName: 'p', hProperties: { className: ['admonition-title'] } };
        d.data = { hName: 'aside', hProperties: { className: ['admonition', `admonition-${d.name}`] } };
      } else if (d.name === 'details') {
        if (!label) {
          report(file, d, 'details-without-summary', 'a details block needs a summary: `:::details[Summary]`');
        } else {
          label.data = { ...label.data, hName: 'summary' };
        }
        d.data = { hName: 'details', hProperties: { className: ['details'] } };
      } else {
        report(
          file,
          d,
          'unknown-directive',
          `unknown block ":::${d.name}"${didYouMean(d.name, BLOCK_NAMES, { show: (t) => `:::${t}` })}: use one of ${BLOCK_NAMES.map((t) => `:::${t}`).join(', ')}`,
        );
        d.data = { hName: 'div' };
      }
    } else if (node.type === 'leafDirective') {
      report(
        file,
        node,
        'unknown-directive',
        `unknown directive "::${node.name}"${didYouMean(node.name, BLOCK_NAMES, { show: (t) => `:::${t}` })}: blocks open with three colons (:::note … :::)`,
      );
      node.data = { hName: 'p' };
    } else if (node.type === 'textDirective' && !KNOWN_TEXT_DIRECTIVES.has(node.name) && isBareName(node)) {
      // `23:00` or `Статус:готов`: a colon before a word with no [label] or {attributes} is text.
      const restored: Text = { type: 'text', value: `:${node.name}`, position: node.position };
      if (parent && index !== undefined) {
        parent.children.splice(index, 1, restored as never);
        return index;
      }
    } else if (node.type === 'textDirective' && !KNOWN_TEXT_DIRECTIVES.has(node.name)) {
      report(
        file,
        node,
        'unknown-directive',
        `unknown directive ":${node.name}"${didYouMean(node.name, KNOWN_TEXT_DIRECTIVES, { show: (t) => `:${t}[…]` })} (a colon directly followed by a letter starts a directive; put a space after the colon)`,
      );
      node.data = { hName: 'span' };
    }
  });
};
