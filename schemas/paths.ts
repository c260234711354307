/**
 * Pure helpers on site paths, shared by the generator (Node) and the renderer (browser).
 * They import neither Node nor the DOM.
 */
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from './locale-codes.ts';

/** `/en/docs/x` → `en`; anything else → the default locale. */
export function localeOfPath(path: string): LocaleCode {
  for (const code of LOCALES) {
    if (code === DEFAULT_LOCALE) continue;
    if (path === `/${code}` || path.startsWith(`/${code}/`)) return code;
  }
  return DEFAULT_LOCALE;
}

/** The prefix of a locale: "" for the default one, "/en" for English. */
export function localePrefix(locale: LocaleCode): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** `/en/docs/x` → `/docs/x`; `/en` → `/`. */
export function stripLocale(path: string): string {
  const locale = localeOfPath(path);
  if (locale === DEFAULT_LOCALE) return path;
  const rest = path.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** `/docs/x` in `en` → `/en/docs/x`; `/` in `en` → `/en`. */
export function withLocale(key: string, locale: LocaleCode): string {
  const prefix = localePrefix(locale);
  if (!prefix) return key;
  return key === '/' ? prefix : `${prefix}${key}`;
}

/**
 * The canonical form of a path: no trailing slash, no `/index.html`, `.html` or `/index` at the end.
 * Returns the same string when the path is already canonical.
 */
export function canonicalPath(path: string): string {
  let p = path.replace(/\/{2,}/g, '/');
  p = p.replace(/\/index\.html$/, '/').replace(/\/index$/, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

/** Whether `path` is `prefix` or a path in its folder (`/docs/a/b` is under `/docs/a`, `/docs/ab` is not). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Splits `/a/b#c` into path and hash (without `#`). */
export function splitHash(href: string): { path: string; hash: string } {
  const i = href.indexOf('#');
  return i < 0 ? { path: href, hash: '' } : { path: href.slice(0, i), hash: href.slice(i + 1) };
}

/** True for a link that leaves the site or is not a plain route (a scheme, or protocol-relative `//host/`). */
export function isExternalHref(href: string): boolean {
  return urlScheme(href) !== null || isProtocolRelative(href);
}

/** The URL schemes a link or an image may use; anything else (javascript:, data:, vbscript:, …) is refused. */
export const SAFE_URL_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/**
 * The scheme a browser reads in a URL, in lower case (`JaVa\tScRiPt:` → `javascript`): browsers
 * ignore ASCII white space and control characters in it. Null for a relative URL.
 */
export function urlScheme(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const clean = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(clean)?.[1]?.toLowerCase() ?? null;
}

/** True for `//host/…` (and `/\host`, `\\host`, which browsers read the same way): another site, on the page's protocol. */
export function isProtocolRelative(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^[\\/][\\/]/.test(url.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
}
