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
/** So is a section of lists whose every item starts with a link ("[List brands](…) — a note"), with at most this much other text. */
const LINK_LIST_OTHER_TEXT = 120;

/** For a list: its number of items and of items that start with a link; null for any other node. */
function linkItems(node: RootContent): { items: number; linked: number } | null {
  if (!isElement(node) || (node.tagName !== 'ul' && node.tagName !== 'ol')) return null;
  let items = 0;
  let linked = 0;
  for (const li of node.children) {
    if (!isElement(li) || li.tagName !== 'li') continue;
    items++;
    let first = li.children.find((c) => !(c.type === 'text' && !c.value.trim()));
    if (first && isElement(first) && first.tagName === 'p') first = first.children.find((c) => !(c.type === 'text' && !c.value.trim()));
    if (first && isElement(first) && first.tagName === 'a') linked++;
  }
  return { items, linked };
}

/**
 * Splits the body into sections at `h2`/`h3` and stores their plain text in
 * `file.data.sections` (code is left out: it is not prose to search); marks the sections that are
 * lists of links.
 */
export const rehypeSectionText: Plugin<[], Root> = () => (tree, file) => {
  const sections: SectionText[] = [{ anchor: null, heading: '', text: '' }];
  const links: number[] = [0];
  /** Per section: items of its lists, those that start with a link, and the length of its text outside lists. */
  const lists = [{ items: 0, linked: 0, other: 0 }];
  for (const node of tree.children) {
    if (isElement(node) && (node.tagName === 'h2' || node.tagName === 'h3') && node.properties.id) {
      sections.push({ anchor: String(node.properties.id), heading: toString(node).trim(), text: '' });
      links.push(0);
      lists.push({ items: 0, linked: 0, other: 0 });
      continue;
    }
    const current = sections[sections.length - 1]!;
    const t = textOf(node).replace(/\s+/g, ' ').trim();
    if (t) current.text = current.text ? `${current.text} ${t}` : t;
    links[links.length - 1]! += linkChars(node);
    const list = linkItems(node);
    const counts = lists[lists.length - 1]!;
    if (list) {
      counts.items += list.items;
      counts.linked += list.linked;
    } else counts.other += t.length;
  }
  sections.forEach((s, i) => {
    if (s.anchor === null || !s.text) return;
    const { items, linked, other } = lists[i]!;
    if (links[i]! >= s.text.length * LINK_LIST_SHARE || (items > 0 && linked === items && other <= LINK_LIST_OTHER_TEXT)) s.links = true;
  });
  file.data.sections = sections.filter((s) => s.anchor !== null || s.text !== '');
};
