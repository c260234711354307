import { createHash } from 'node:crypto';

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/;

/** The markdown after the frontmatter block (the whole text when there is none). */
export function pageBody(source: string): string {
  const m = FRONTMATTER.exec(source);
  return m ? source.slice(m[0].length) : source;
}

/**
 * What a translation records of its source: the first 12 hex digits of the sha256 of the
 * source page's body with every run of whitespace made one space. Reflowing a paragraph or
 * editing the frontmatter (title, position) does not make a translation outdated; changing
 * a word does.
 */
export function translationHash(source: string): string {
  const normalised = pageBody(source).replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(normalised).digest('hex').slice(0, 12);
}
