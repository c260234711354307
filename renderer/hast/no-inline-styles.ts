/**
 * Stands in for `style-to-object` (the CSS declaration parser of hast-util-to-jsx-runtime) in the
 * site's bundle: the sanitiser drops every `style` attribute, so a body never holds one to
 * parse, and the site's CSP forbids inline styles anyway.
 */
export default function styleToObject(): null {
  return null;
}
