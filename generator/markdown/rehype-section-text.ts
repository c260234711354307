import type { Element, Root, RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import type { Plugin } from 'unified';

/** A section of a page for search: its lead (anchor null) or a heading of level 2–3 and the text under it. */
export interface SectionText {
  anchor: string | null;
  heading: string;
  text: string;
  /** A list of links ("See also", "Next steps"): navigation, not prose to answer from. */
  links?: boolean;
}

const isElement = (n: RootContent): n is Element => n.type === 'element';
const SKIP_TAGS = new Set(['figure', 'pre', 'script', 'style']);

function textOf(node: RootContent): string {
  if (!isElement(node)) return node.type === 'text' ? node.value : '';
  if (SKIP_TAGS.has(node.tagName)) return '';
  if (node.tagName === 'img') return String(node.properties.alt ?? '');
  return node.children.map((c) => textOf(c as RootContent)).join(node.tagName === 'p' || node.tagName === 'li' ? '' : ' ');
}

/** Characters of a node's text that are link text. */
function linkChars(node: RootContent): number {
  if (!isElement(node) || SKIP_TAGS.has(node.tagName)) return 0;
  if (node.tagName === 'a') return textOf(node).replace(/\s+/g, ' ').trim().length;
  return node.children.reduce((n, c) => n + linkChars(c as RootContent), 0);
}

/** A section whose text is mostly link text is a list of links. */
const LINK_LIST_SHARE = 0.5;

/**
 * Splits the body into sections at `h2`/`h3` and stores their plain text in
 * `file.data.sections` (code is left out: it is not prose to search); marks the sections that are
 * lists of links.
 */
export const rehypeSectionText: Plugin<[], Root> = () => (tree, file) => {
  const sections: SectionText[] = [{ anchor: null, heading: '', text: '' }];
  const links: number[] = [0];
  for (const node of tree.children) {
    if (isElement(node) && (node.tagName === 'h2' || node.tagName === 'h3') && node.properties.id) {
      sections.push({ anchor: String(node.properties.id), heading: toString(node).trim(), text: '' });
      links.push(0);
      continue;
    }
    const current = sections[sections.length - 1]!;
    const t = textOf(node).replace(/\s+/g, ' ').trim();
    if (t) current.text = current.text ? `${current.text} ${t}` : t;
    links[links.length - 1]! += linkChars(node);
  }
  sections.forEach((s, i) => {
    if (s.anchor !== null && s.text && links[i]! >= s.text.length * LINK_LIST_SHARE) s.links = true;
  });
  file.data.sections = sections.filter((s) => s.anchor !== null || s.text !== '');
};
