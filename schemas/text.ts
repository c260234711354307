import { z } from 'zod';

/**
 * A text a writer gives (a title, a description, a label, a name): any characters but control
 * characters (U+0000–U+001F other than tab and newline), which are invisible on a page, not
 * allowed in XML (strict readers drop a feed with one) and terminal escapes in a log.
 */
export function plainText() {
  return z.string().regex(
    // eslint-disable-next-line no-control-regex
    /^[^\u0000-\u0008\u000b-\u001f]*$/,
    'a control character (U+0000–U+001F) in the text: remove it (only tab and newline are allowed)',
  );
}
