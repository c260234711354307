import GithubSlugger from 'github-slugger';
import type { Heading, Root, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Plugin } from 'unified';
import { walkType } from './walk-mdast.ts';
import type { TocEntry } from '@vitrina-docs/schemas';
import { report } from './report.ts';

const EXPLICIT_ID = /\s*\{#([A-Za-z0-9][\w.-]*)\}\s*$/;

export interface HeadingIdsOptions {
  /** Deepest heading level in the table of contents (2 or 3). */
  tocMaxLevel?: 2 | 3;
}

/**
 * Gives every heading an id: the explicit `{#id}` at the end of its text, or one made from
 * its text (Cyrillic letters are kept, as browsers accept them in fragments).
 * Collects levels 2..tocMaxLevel into `file.data.toc`.
 */
export const remarkHeadingIds: Plugin<[HeadingIdsOptions?], Root> = (options = {}) => {
  const tocMax = options.tocMaxLevel ?? 3;
  return (tree, file) => {
    const slugger = new GithubSlugger();
    const seen = new Map<string, Heading>();
    const toc: TocEntry[] = [];
    walkType(tree, 'heading', (node: Heading) => {
      let id: string | undefined;
      const last = node.children[node.children.length - 1];
      if (last?.type === 'text') {
        const m = EXPLICIT_ID.exec(last.value);
        if (m) {
          id = m[1];
          (last as Text).value = last.value.slice(0, m.index);
          if ((last as Text).value === '') node.children.pop();
        }
      }
      const text = toString(node).trim();
      if (id === undefined) {
        id = slugger.slug(text);
      } else {
        slugger.slug(id); // reserve it, so that a generated id does not collide
      }
      if (!id) {
        report(file, node, 'empty-heading', 'heading has no text to make an id from');
        return;
      }
      // The site's own elements have these ids (`vd-main`, `__VITRINA_PAGE__`): the renderer drops a heading's copy.
      if (/^(?:vd-|__vitrina)/i.test(id)) {
        report(file, node, 'reserved-heading-id', `heading id "${id}" is reserved for the site's own elements (ids starting with "vd-")`);
      }
      if (seen.has(id)) {
        report(file, node, 'duplicate-heading-id', `heading id "${id}" is used twice on this page`);
      }
      seen.set(id, node);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      if (node.depth >= 2 && node.depth <= tocMax) toc.push({ depth: node.depth as 2 | 3, id, text });
    });
    file.data.toc = toc;
    file.data.headingIds = [...seen.keys()];
  };
};
