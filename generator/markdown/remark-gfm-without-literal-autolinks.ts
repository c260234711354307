import type { Root, Text } from 'mdast';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { combineExtensions } from 'micromark-util-combine-extensions';
import type { Plugin, Processor } from 'unified';
import { walkType } from './walk-mdast.ts';

/**
 * GFM as remark-gfm parses it (tables, task lists, strikethrough, footnotes), without the
 * literal autolinks (`www.example.com`, `https://…`, `name@example.com` written bare). Those
 * are tried at every letter of the text and take a fifth of the parse of a page; a page is
 * parsed with this first and again with remark-gfm only when `mayHoldLiteralAutolink` says so.
 */
export const remarkGfmWithoutLiteralAutolinks: Plugin<[], Root> = function (this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(combineExtensions([gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()]));
  (data.fromMarkdownExtensions ??= []).push([
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  ]);
};

/** What every literal autolink holds: an `@`, `www.` or a URL scheme (any case, as GFM reads them). */
const LITERAL_AUTOLINK_MARK = /@|www\.|https?:\/\//i;

/**
 * Whether a tree parsed without literal autolinks may read otherwise with them: a literal
 * autolink is made of text, so it would show in a text node as one of its marks. (Text in code,
 * in link destinations or in image descriptions is not read for autolinks either way.)
 */
export function mayHoldLiteralAutolink(tree: Root): boolean {
  let found = false;
  walkType(tree, 'text', (node: Text) => {
    if (!found && LITERAL_AUTOLINK_MARK.test(node.value)) found = true;
  });
  return found;
}
