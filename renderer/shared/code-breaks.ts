/**
 * Where inline code may wrap: after `_`, `/`, `.`, `=`, `?` and `&`, the places a reader
 * expects an identifier, a path or a URL to continue on the next line; in a name still too
 * long for a phone's line, also after `(`, `:` and `,` and between the words of a camelCase
 * name (`handleEvents|For|Background|URLSession`). A token short enough to fit a phone's line
 * (32 characters: `validation_error`, `https://status.vitrina.example`) is never split: it moves
 * to the next line whole. Nor are the pieces left on either side of a break too short to read
 * (`v1.5`, `sku_id`, `a.b`). The renderer puts a <wbr> between the pieces.
 */

/** Separators of paths, URLs and member names first; `_` only inside a piece still too long. */
const SEPARATORS = /[/.?&=]/;
const UNDERSCORE = /_/;
const PUNCTUATION = /[(:,]/;
/** A piece longer than this is split further, after punctuation and at camelCase humps. */
const LONG_PIECE = 20;
/** Tokens up to this length fit a phone's line in monospace (353 px): never split them. */
const WHOLE_TOKEN = 32;
/** A piece of a longer token longer than this is split after `_` as well. */
const SHORT_PIECE = 15;
/** The fewest characters a piece on either side of a break keeps. */
const MIN_PIECE = 3;

function splitAt(token: string, breakAfter: RegExp): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 0; i < token.length - 1; i++) {
    if (!breakAfter.test(token[i]!)) continue;
    // Not between digits (a version or a decimal: `1.5`, `3.2`).
    if (token[i] === '.' && /\d/.test(token[i - 1] ?? '') && /\d/.test(token[i + 1] ?? '')) continue;
    // Not inside a run of break characters (`://`, `__`, `?&`).
    if (/[/.?&=_:]/.test(token[i + 1]!)) continue;
    if (i + 1 - start < MIN_PIECE || token.length - (i + 1) < MIN_PIECE) continue;
    pieces.push(token.slice(start, i + 1));
    start = i + 1;
  }
  pieces.push(token.slice(start));
  return pieces;
}

/** Before each capital that follows a lower-case letter or a digit: `startVisit` → `start`, `Visit`. */
function splitCamel(piece: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 1; i < piece.length; i++) {
    if (!(/[a-z\d]/.test(piece[i - 1]!) && /[A-Z]/.test(piece[i]!))) continue;
    if (i - start < MIN_PIECE || piece.length - i < MIN_PIECE) continue;
    pieces.push(piece.slice(start, i));
    start = i;
  }
  pieces.push(piece.slice(start));
  return pieces;
}

function splitToken(token: string): string[] {
  if (token.length <= WHOLE_TOKEN) return [token];
  return splitAt(token, SEPARATORS)
    .flatMap((piece) => (piece.length > SHORT_PIECE ? splitAt(piece, UNDERSCORE) : [piece]))
    .flatMap((piece) =>
      piece.length > LONG_PIECE ? splitAt(piece, PUNCTUATION).flatMap((p) => (p.length > LONG_PIECE ? splitCamel(p) : [p])) : [piece],
    );
}

/**
 * The text of an inline code span cut where a line may break: join the pieces with <wbr>.
 * Whitespace stays inside the pieces (it is a break opportunity of its own).
 */
export function codeBreaks(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const part of text.split(/(\s+)/)) {
    if (!part) continue;
    const pieces = /\s/.test(part) ? [part] : splitToken(part);
    pending += pieces[0];
    for (const piece of pieces.slice(1)) {
      out.push(pending);
      pending = piece;
    }
  }
  if (pending || !out.length) out.push(pending);
  return out;
}
