/**
 * A text (a title, a description, a label) written into markdown as text: one line (line breaks
 * and tabs become spaces), with the characters that would make a link, an image, raw HTML, an
 * entity, code or emphasis escaped, and a line start that would open a list, a quote or a
 * heading escaped too. A markdown parser reads back the text as written.
 */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*[\]<>&#~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\$&')
    .replace(/^[-+=|]/, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}
