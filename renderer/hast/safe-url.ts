/**
 * The URL check of the renderer, on its own so that the site's shell (links, the navbar, the
 * footer) carries it without the page-body sanitiser (sanitize.ts), which re-exports it.
 */
import { SAFE_URL_SCHEMES, urlScheme } from '@vitrina-docs/schemas/paths';

/**
 * The URL to put in an attribute, or null when it may not be used: http(s), mailto, tel and
 * relative URLs (path, #hash, ?query) pass, everything else (javascript:, data:, vbscript:, …) is
 * dropped. The one URL check of the renderer: every attribute that holds a URL goes through it,
 * in a page body, in a page's fields (the API description's URL, the edit link) and in the
 * manifest's. It reads the URL as a browser does, which drops tabs and newlines anywhere and
 * control characters and spaces at the ends, and returns it cleaned that way.
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const url = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(url)) return null;
  const scheme = urlScheme(url);
  if (scheme !== null) return SAFE_URL_SCHEMES.includes(scheme) ? url : null;
  // A backslash is a slash to a browser: "\\host" and "/\\host" lead to another site.
  return /^(?:\\|\/\\)/.test(url) ? null : url;
}

/** True when `safeUrl` lets the URL through. */
export function isSafeUrl(value: string): boolean {
  return safeUrl(value) !== null;
}
