/**
 * Inline code that wraps only where a reader expects it: <wbr> after the separators that
 * code-breaks.ts chooses, so `not_authenticated` may continue on the next line after `not_`
 * and `draft` never breaks. Used for the code spans of page bodies and of the API reference.
 */
import type { ReactNode } from 'react';
import type { HastComponentProps } from '../hast/draw-hast.ts';
import { codeBreaks } from '../shared/code-breaks.ts';

/**
 * A token that fits a phone's line (`visits/visit-<id>.json`, `2022-03-17T09:00:00Z`,
 * `visits_list?acknowledged=false`): kept on one line, where a browser would break after its
 * hyphens, slashes or question mark. Letters, digits and `_` alone offer no break anyway.
 */
const WHOLE = /^(?=[^\s]*[^\w\s])[^\s]{1,32}$/;

/** A piece with its tokens that fit a line in spans that do not wrap. */
function keepWhole(piece: string, key: number): ReactNode {
  if (!/[^\w\s]/.test(piece)) return piece;
  const parts = piece.split(/(\s+)/);
  const drawn = parts.map((part, i) =>
    WHOLE.test(part) ? (
      <span className="code-nowrap" key={`${key}.${i}`}>
        {part}
      </span>
    ) : (
      part
    ),
  );
  return drawn.length === 1 ? drawn[0] : drawn;
}

/** The text with a <wbr> at every break opportunity. */
export function breakable(text: string): ReactNode {
  const pieces = codeBreaks(text);
  if (pieces.length === 1) return keepWhole(text, 0);
  return pieces.flatMap((piece, i) => (i ? [<wbr key={i} />, keepWhole(piece, i)] : [keepWhole(piece, i)]));
}

/** `code` of a page body: inline code (text only) gets its break opportunities; code blocks stay as they are. */
export function BodyCode({ node, children, ...rest }: HastComponentProps) {
  const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
  const inline = node.children.every((c) => c.type === 'text') && !classes.some((c) => c.startsWith('language-'));
  if (!inline) return <code {...rest}>{children}</code>;
  return <code {...rest}>{breakable(node.children.map((c) => (c.type === 'text' ? c.value : '')).join(''))}</code>;
}
