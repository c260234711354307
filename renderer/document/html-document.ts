/**
 * The HTML document around the prerendered app: <head> (title, description, canonical,
 * hreflang alternates, Open Graph and Twitter meta, the inline colour-mode script, the
 * stylesheet (inline in a built site), the client's loader) and the inlined page JSON with the
 * URLs of the manifest chunks the page was drawn with. Nothing is preloaded, and the client is
 * fetched only after the first paint: on a slow network they would compete with what the first
 * paint waits for.
 */
import type { LocaleInfo, Manifest, RouteEntry, PageData } from '@vitrina-docs/schemas';
import type { DocumentMeta } from '../shared/document-meta.ts';
import { ANNOUNCEMENT_SCRIPT } from './announcement-script.ts';
import { CLIENT_LOADER_SCRIPT } from './client-loader-script.ts';
import { COLOUR_MODE_SCRIPT } from './colour-mode-script.ts';
import { APP_ROOT_ID, PAGE_SCRIPT_ID } from './ids.ts';

export interface DocumentAssets {
  scripts: string[];
  /** Stylesheets the page links. */
  styles: string[];
  /** Stylesheets the page carries inline, in <style> (the build's: the CSP allows them by hash). */
  inlineStyles?: string[];
  /** Module chunks the entry imports: not preloaded (see above), kept for the caller's use. */
  preload: string[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML attribute or text node. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** JSON that can sit inside <script>: no `</script>`, no `<!--`, no line separators. */
const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);
}

function absolute(site: string, path: string): string {
  return site.replace(/\/$/, '') + path;
}

export interface HtmlDocumentInput {
  manifest: Manifest;
  route: RouteEntry | null;
  page: PageData | null;
  info: LocaleInfo;
  meta: DocumentMeta;
  appHtml: string;
  /** URLs of the manifest chunks the page was drawn with. */
  chunks: string[];
  assets: DocumentAssets;
  /** The offline page of this locale (the client hydrates it as such). */
  offline?: string | null;
}

export function htmlDocument({ manifest, route, page, info, meta, appHtml, chunks, assets, offline }: HtmlDocumentInput): string {
  const site = manifest.site.url;
  const e = escapeHtml;
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}">`,
    '<meta name="color-scheme" content="light dark">',
    `<script>${COLOUR_MODE_SCRIPT}</script>`,
  ];
  const announcement = manifest.locales[info.code]?.announcement;
  if (announcement) head.push(`<script>${ANNOUNCEMENT_SCRIPT}</script>`);
  let htmlAttrs = announcement
    ? ` data-announcement="${e(announcement.id)}"${announcement.expires ? ` data-announcement-expires="${e(announcement.expires)}"` : ''}`
    : '';
  // No analytics service: the feedback question (which could send nothing) is hidden from the first paint.
  if (manifest.site.analytics.provider === 'none') htmlAttrs += ' data-feedback="off"';
  if (route) {
    head.push(`<link rel="canonical" href="${e(absolute(site, route.path))}">`);
    for (const [code, path] of Object.entries(route.alternates)) {
      const lang = manifest.locales[code as keyof typeof manifest.locales]?.info.lang ?? code;
      head.push(`<link rel="alternate" hreflang="${e(lang)}" href="${e(absolute(site, path))}">`);
    }
    const fallback = route.alternates[manifest.defaultLocale];
    if (fallback) head.push(`<link rel="alternate" hreflang="x-default" href="${e(absolute(site, fallback))}">`);
    // The page's markdown (also served for `Accept: text/markdown`), for language models and agents.
    if (route.kind === 'doc' || route.kind === 'blog-post')
      head.push(`<link rel="alternate" type="text/markdown" href="${e(route.path)}.md">`);
  } else {
    head.push('<meta name="robots" content="noindex">');
  }
  const og: [string, string][] = [
    ['og:type', page?.kind === 'blog-post' ? 'article' : 'website'],
    ['og:site_name', manifest.site.name],
    ['og:title', page?.title ?? meta.title],
    ['og:description', meta.description],
    ['og:locale', info.lang.replace('-', '_')],
  ];
  if (route) og.push(['og:url', absolute(site, route.path)]);
  const social = manifest.locales[info.code]?.social ?? {};
  const image = social[page?.sidebar ?? 'home'] ?? social.home;
  if (image)
    og.push(
      ['og:image', absolute(site, image)],
      ['og:image:width', '1200'],
      ['og:image:height', '630'],
      ['og:image:alt', page?.title ?? meta.title],
    );
  for (const [property, content] of og) head.push(`<meta property="${property}" content="${e(content)}">`);
  head.push(`<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`);
  if (image) head.push(`<meta name="twitter:image" content="${e(absolute(site, image))}">`);
  const feeds = manifest.locales[info.code]?.feeds;
  if (feeds && route && (route.kind === 'blog-index' || route.kind === 'blog-archive' || route.kind === 'blog-post')) {
    head.push(`<link rel="alternate" type="application/rss+xml" title="${e(manifest.site.name)} RSS" href="${e(feeds.rss)}">`);
    head.push(`<link rel="alternate" type="application/atom+xml" title="${e(manifest.site.name)} Atom" href="${e(feeds.atom)}">`);
  }
  head.push(`<meta name="twitter:title" content="${e(page?.title ?? meta.title)}">`);
  head.push(`<meta name="twitter:description" content="${e(meta.description)}">`);
  head.push(`<link rel="icon" href="${FAVICON}">`);
  for (const css of assets.inlineStyles ?? []) head.push(`<style>${css}</style>`);
  for (const href of assets.styles) head.push(`<link rel="stylesheet" href="${e(href)}">`);
  // Low priority: on a slow network the app's code must not take bandwidth from the stylesheet.
  // (The client starts after the first paint: see CLIENT_LOADER_SCRIPT.)
  for (const src of assets.scripts) head.push(`<script data-src="${e(src)}">${CLIENT_LOADER_SCRIPT}</script>`);
  const pageScript = `<script type="application/json" id="${PAGE_SCRIPT_ID}" data-locale="${e(info.code)}" data-route="${e(route?.path ?? '')}" data-chunks="${e(chunks.join(' '))}"${offline ? ` data-offline="${e(offline)}"` : ''}>${inlineJson(page)}</script>`;
  return `<!doctype html>\n<html lang="${e(info.lang)}" dir="${e(info.dir)}"${htmlAttrs}>\n<head>\n${head.join('\n')}\n</head>\n<body>\n<div id="${APP_ROOT_ID}" class="vd-root vd-site">${appHtml}</div>\n${pageScript}\n</body>\n</html>\n`;
}

/** A small mark of the site, inline so that no request (and no 404) is made for /favicon.ico. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2f5bd3"/><path d="M9 10l7 13 7-13" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`;

/** A redirect route: the static fallback of a server redirect (the client router replaces the address itself). */
export function redirectDocument(manifest: Manifest, route: Extract<RouteEntry, { kind: 'redirect' }>, info: LocaleInfo): string {
  const to = escapeHtml(route.to);
  const canonical = escapeHtml(absolute(manifest.site.url, route.to));
  return `<!doctype html>\n<html lang="${escapeHtml(info.lang)}" dir="${escapeHtml(info.dir)}">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(route.title)}</title>\n<meta http-equiv="refresh" content="0; url=${to}">\n<link rel="canonical" href="${canonical}">\n<meta name="robots" content="noindex">\n</head>\n<body>\n<p><a href="${to}">${to}</a></p>\n</body>\n</html>\n`;
}
