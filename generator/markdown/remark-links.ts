import type { Definition, Link, Root } from 'mdast';
import type { Position } from 'unist';
import type { Plugin } from 'unified';
import { walk } from './walk-mdast.ts';
import { LOCALES, type LocaleCode } from '@vitrina-docs/schemas';
import {
  canonicalPath,
  isExternalHref,
  isProtocolRelative,
  SAFE_URL_SCHEMES,
  splitHash,
  urlScheme,
  withLocale,
} from '@vitrina-docs/schemas/paths';
import { didYouMean } from '../suggest.ts';
import { report } from './report.ts';

/** An internal link found on a page, kept for the anchor check of the link stage. */
export interface CollectedLink {
  /** Target route without locale, or null for a link to the same page. */
  key: string | null;
  hash: string;
  /** The link as written (`./start.md#steps`), for the findings. */
  url: string;
  position: Position | undefined;
}

export interface LinkOptions {
  locale?: LocaleCode;
  /** Does this route (without locale) exist? Without it, routes are not checked. */
  hasRoute?: (key: string) => boolean;
  /** Route of a content file, for relative links such as `./start.md`; `from` is the page's file. */
  routeOfRelative?: (from: string, target: string) => string | null;
  /** Does this published file exist (e.g. /api/v1.5.yaml, /img/x.svg)? */
  hasFile?: (path: string) => boolean;
  /** The published files, for "did you mean" when a file is missing. */
  files?: readonly string[];
}

/**
 * Why a URL may not be used in a page, or null: only http, https, mailto and tel links and site
 * paths pass. The scheme is read as a browser reads it (`JaVa\tScRiPt:`; entities such as
 * `jav&#x61;script:` are decoded by the parser before this).
 */
export function unsafeUrlReason(url: string): string | null {
  const scheme = urlScheme(url);
  if (scheme !== null && !SAFE_URL_SCHEMES.includes(scheme))
    return `a "${scheme}:" URL: only http, https, mailto and tel links and site paths are allowed`;
  if (scheme === null && isProtocolRelative(url)) return `"${url.slice(0, 60)}" without a scheme: write it with https:`;
  if ((scheme === 'http' || scheme === 'https') && !isPlainWebUrl(url))
    return `"${url.slice(0, 60)}", which a browser reads as another address: write it as ${scheme}://host/path, with no backslash or user name`;
  return null;
}

/**
 * An http(s) URL written as the browser reads it: `//` after the scheme, then a host with no user
 * name (`https://vitrina.example@evil.example` leads to evil.example), and no backslash before
 * the query (WHATWG parsing turns `https:/\host`, `https:\\host` and `https:host` into
 * https://host/, so the text, not the parsed URL, is checked). Tab and newline, which browsers
 * drop from a URL, are dropped first.
 */
function isPlainWebUrl(url: string): boolean {
  const text = url.replace(/[\t\n\r]/g, '').trim();
  const beforeQuery = text.split(/[?#]/, 1)[0]!;
  return /^https?:\/\/[^/\\@?#]+(?:[/?#]|$)/i.test(text) && !beforeQuery.includes('\\');
}

const LOCALE_PREFIX = new RegExp(`^/(${LOCALES.join('|')})(/|$)`);

/**
 * Checks every internal link and rewrites it for the page's locale:
 * `/docs/x#y` → `/en/docs/x#y` on English pages; `./x.md` → its route.
 * Collects the links into `file.data.links` for the anchor check.
 */
export const remarkLinks: Plugin<[LinkOptions?], Root> =
  (options = {}) =>
  (tree, file) => {
    const locale = options.locale ?? 'ru';
    const links: CollectedLink[] = [];
    walk(tree, (node, index, parent) => {
      if (node.type !== 'link' && node.type !== 'definition') return;
      const n = node as Link | Definition;
      const url = n.url;
      if (url === '') {
        report(file, n, 'broken-link', 'empty link');
        return;
      }
      const unsafe = unsafeUrlReason(url);
      if (unsafe) {
        report(file, n, 'unsafe-link', `link to ${unsafe}`);
        // The URL goes no further: a link keeps its text, a definition goes (its references stay text).
        if (parent && index !== undefined) {
          parent.children.splice(index, 1, ...(n.type === 'link' ? n.children : []));
          return index;
        }
        n.url = '';
        return;
      }
      if (isExternalHref(url)) {
        if (url.startsWith('http://')) report(file, n, 'insecure-link', `use https: ${url}`, 'warning');
        return;
      }
      const { path, hash } = splitHash(url);
      if (path === '') {
        links.push({ key: null, hash, url, position: n.position });
        return;
      }
      if (LOCALE_PREFIX.test(path)) {
        report(
          file,
          n,
          'locale-prefix-link',
          `link "${url}" has a locale prefix: write the route without it; it is localised for each page`,
        );
        return;
      }
      let key: string | null;
      if (path.startsWith('/')) {
        if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.md')) {
          if (options.hasFile && !options.hasFile(path))
            report(
              file,
              n,
              'broken-link',
              `link to a missing file "${path}"${didYouMean(path, options.files ?? [])}: files come from content/static and content/api`,
            );
          return;
        }
        key = canonicalPath(path.replace(/\.md$/, ''));
        if (key !== path) {
          report(file, n, 'non-canonical-link', `write the link as "${key}${hash ? `#${hash}` : ''}"`, 'warning');
        }
      } else {
        if (!options.routeOfRelative) return;
        key = options.routeOfRelative(String(file.path ?? ''), path);
        if (key === null) {
          report(file, n, 'broken-link', `relative link "${url}" points to no page`);
          return;
        }
      }
      if (options.hasRoute && !options.hasRoute(key)) {
        report(file, n, 'broken-link', `link "${url}"${url.startsWith(key) ? '' : ` leads to ${key}`}: no such page`);
        return;
      }
      links.push({ key, hash, url, position: n.position });
      n.url = withLocale(key, locale) + (hash ? `#${hash}` : '');
    });
    file.data.links = links;
  };
