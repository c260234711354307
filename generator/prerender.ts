import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LocaleCode, Manifest, ManifestChunk, PageData, RouteEntry } from '@vitrina-docs/schemas';
import type { Diagnostics } from './diagnostics.ts';
import { contentSecurityPolicy, cspHash, nginxCspDirective } from './publish/csp.ts';
import type { AssembledSite } from './pipeline/assemble.ts';
import { offlinePageUrl } from './publish/service-worker.ts';

export const RENDERER_CACHE = '.cache/renderer';

interface ServerEntry {
  /** sha256 sources of the inline scripts of every page. */
  INLINE_SCRIPT_HASHES?: string[];
  renderDocument(input: {
    manifest: Manifest;
    chunks: readonly (readonly [string, ManifestChunk])[];
    route: RouteEntry | null;
    page: PageData | null;
    assets: { scripts: string[]; styles: string[]; preload: string[]; inlineStyles?: string[] };
    locale?: LocaleCode;
    offline?: LocaleCode;
  }): { html: string; status: number };
}

/** Where the build writes the nginx Content-Security-Policy directive (see publish/csp.ts). */
export const CSP_CONF = '_deploy/nginx/csp.conf';

interface ViteManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** Asset URLs of the client entry from Vite's manifest: the script, its CSS and the chunks it imports. */
export function entryAssets(viteManifest: Record<string, ViteManifestChunk>): { scripts: string[]; styles: string[]; preload: string[] } {
  const entry = Object.values(viteManifest).find((c) => c.isEntry);
  if (!entry) return { scripts: [], styles: [], preload: [] };
  const styles = new Set(entry.css ?? []);
  const preload = new Set<string>();
  const visit = (key: string) => {
    const c = viteManifest[key];
    if (!c || preload.has(c.file)) return;
    preload.add(c.file);
    for (const css of c.css ?? []) styles.add(css);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const i of entry.imports ?? []) visit(i);
  const url = (f: string) => `/${f}`;
  return { scripts: [url(entry.file)], styles: [...styles].map(url), preload: [...preload].map(url) };
}

/** The chunks a route's page is drawn with (named in its HTML), by URL. */
export function chunksOf(site: Pick<AssembledSite, 'chunks' | 'chunksOfRoute'>, route: RouteEntry | null): [string, ManifestChunk][] {
  return (route ? (site.chunksOfRoute.get(route.path) ?? []) : []).flatMap((url) => {
    const chunk = site.chunks.get(url);
    return chunk ? [[url, chunk] as [string, ManifestChunk]] : [];
  });
}

/** The HTML file of a route: `/docs/a` → `docs/a/index.html`, `/` → `index.html`. */
export function htmlFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/**
 * The stylesheet of every page: the renderer's CSS and the build's own (code highlighting),
 * joined (the pages carry it inline; the file is for tools and for hosts without the CSP).
 */
export function siteStylesheet(clientDir: string, styles: string[], extra: string): { url: string; css: string } {
  const css = [...styles.map((url) => readFileSync(join(clientDir, url.slice(1)), 'utf8')), extra].filter(Boolean).join('\n');
  return { url: `/assets/site.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`, css };
}

/**
 * Stage 6 (HTML half): every route through the renderer's server entry, plus 404.html, each
 * handed to `write` as soon as it is drawn. The site's stylesheet (the renderer's CSS with
 * `options.css`, the build's code highlighting) is inline in every page, so that the first paint
 * waits for no request; the nginx CSP directive that allows it and the inline script by their
 * hashes is written to CSP_CONF.
 * Returns null (with a warning) when the renderer has not been built.
 */
export async function prerenderPages(
  root: string,
  site: AssembledSite,
  diagnostics: Diagnostics,
  write: (file: string, html: string) => void,
  options: { css?: string } = {},
): Promise<{ pages: number; copy: { from: string; to: string }[] } | null> {
  const serverPath = join(root, RENDERER_CACHE, 'server', 'server.js');
  const clientDir = join(root, RENDERER_CACHE, 'client');
  const viteManifestPath = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(serverPath) || !existsSync(viteManifestPath)) {
    diagnostics.warn(
      'renderer',
      1,
      1,
      'renderer-not-built',
      'the renderer is not built (npm run build:renderer): pages were written as data only, without HTML',
    );
    return null;
  }
  const server = (await import(pathToFileURL(serverPath).href)) as ServerEntry;
  const entry = entryAssets(JSON.parse(readFileSync(viteManifestPath, 'utf8')) as Record<string, ViteManifestChunk>);
  const stylesheet = siteStylesheet(clientDir, entry.styles, options.css ?? '');
  if (/<\/style/i.test(stylesheet.css)) throw new Error('the stylesheet contains "</style": it cannot be inlined');
  write(stylesheet.url.slice(1), stylesheet.css);
  const assets = { ...entry, styles: [], inlineStyles: [stylesheet.css] };
  const policy = contentSecurityPolicy({ scripts: server.INLINE_SCRIPT_HASHES ?? [], styles: [cspHash(stylesheet.css)] });
  write(CSP_CONF, nginxCspDirective(policy));
  let pages = 0;
  for (const route of site.routes) {
    const page = route.kind === 'doc' || route.kind === 'blog-post' ? (site.pageData.get(route.data) ?? null) : null;
    try {
      const { html } = server.renderDocument({ manifest: site.manifest, chunks: chunksOf(site, route), route, page, assets });
      write(htmlFileOf(route.path), html);
      pages++;
    } catch (e) {
      diagnostics.error('renderer', 1, 1, 'prerender-failed', `${route.path}: ${(e as Error).message}`);
    }
  }
  // One not-found page per locale: nginx and the preview server answer a missing `/en/…` path with `en/404.html`.
  const locales = Object.keys(site.manifest.locales) as LocaleCode[];
  for (const locale of locales) {
    const notFound = server.renderDocument({ manifest: site.manifest, chunks: [], route: null, page: null, assets, locale });
    write(locale === site.manifest.defaultLocale ? '404.html' : `${locale}/404.html`, notFound.html);
  }
  // The app shell the service worker answers every page with offline, in each locale.
  if (site.manifest.offline)
    for (const locale of locales) {
      const offline = server.renderDocument({ manifest: site.manifest, chunks: [], route: null, page: null, assets, offline: locale });
      write(offlinePageUrl(locale, site.manifest.defaultLocale).slice(1), offline.html);
    }
  return { pages: pages + locales.length, copy: [{ from: join(clientDir, 'assets'), to: 'assets' }] };
}
