import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { LocaleCode, PageData, RouteEntry, UiStrings } from '@vitrina-docs/schemas';
import { canonicalPath } from '@vitrina-docs/schemas/paths';
import { redirectLocation } from '../serve/redirect-location.ts';
import { codeStylesheet } from '../markdown/remark-code-blocks.ts';
import { publishedMarkdown } from '../publish/markdown-source.ts';
import { chunksOf } from '../prerender.ts';
import { publishFiles } from '../publish/publish-files.ts';
import { buildSearchShards } from '../search/build-shards.ts';
import { CONTENT_TYPES, decodePath } from '../serve/static-server.ts';
import type { DevSite, SiteUpdate } from './dev-site.ts';
import { devSearchFiles } from './dev-urls.ts';
import { fallbackPage } from './fallback-page.ts';
import type { RendererEntry } from './renderer-entry.ts';

export type DevResponse = { status: number; type: string; body: string | Buffer } | { redirect: string };

const DEV_CLIENT_TAG = '<script src="/__vitrina/dev-client.js"></script>';

/** Adds the dev client to an HTML document, at the end of <body>. */
export function injectDevClient(html: string): string {
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + DEV_CLIENT_TAG : `${html.slice(0, at)}${DEV_CLIENT_TAG}\n${html.slice(at)}`;
}

/** A file under `dir`, or null (no escaping the folder). */
function fileIn(dir: string, urlPath: string): string | null {
  const abs = join(dir, normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
  return abs.startsWith(dir) && existsSync(abs) && statSync(abs).isFile() ? abs : null;
}

/**
 * The dev server's answers, made from the site in memory: the manifest and page JSON as they
 * are, the HTML of a route drawn when it is asked for (and kept until its page changes), the
 * other outputs (page markdown, sitemap, feeds, llms.txt, search shards, code CSS) made when
 * first fetched after a change.
 */
export class DevOutput {
  private html = new Map<string, string>();
  private published: Map<string, string> | null = null;
  private search: Map<string, string> | null = null;
  private css: string | null = null;
  private routes = new Map<string, RouteEntry>();

  constructor(
    private readonly site: DevSite,
    private renderer: RendererEntry | null,
  ) {
    this.indexRoutes();
  }

  setRenderer(renderer: RendererEntry | null): void {
    this.renderer = renderer;
    this.html.clear();
  }

  /** Forgets what an update made stale. */
  invalidate(update: SiteUpdate): void {
    if (update.scope === 'site' || update.manifestChanged) {
      this.html.clear();
      this.indexRoutes();
    } else for (const path of update.changed) this.html.delete(path);
    this.published = null;
    this.search = null;
    this.css = null;
  }

  private indexRoutes(): void {
    this.routes = new Map(this.site.routes.map((r) => [r.path, r]));
  }

  /** The route a path names, for the dev client. */
  route(path: string): RouteEntry | undefined {
    return this.routes.get(path);
  }

  resolve(rawPath: string): DevResponse {
    const path = decodePath(rawPath) ?? rawPath;
    const manifest = this.site.manifest;
    const text = (body: string, type: string, status = 200): DevResponse => ({ status, type, body });
    if (!manifest) {
      // Nothing to show yet (site.yaml or the UI strings do not pass): a page that reloads once they do.
      const errors = this.site
        .diagnosticsView()
        .site.map((d) =>
          `${d.file}:${d.line}:${d.column}  ${d.code}  ${d.message}`.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;')),
        );
      return text(
        injectDevClient(
          `<!doctype html>\n<meta charset="utf-8"><title>vitrina-docs dev</title><body><h1>The site could not be built</h1><pre>${errors.join('\n')}</pre></body>`,
        ),
        CONTENT_TYPES['.html']!,
        503,
      );
    }
    if (path === '/manifest.json') return text(JSON.stringify(manifest), CONTENT_TYPES['.json']!);
    const chunk = this.site.chunks.get(path);
    if (chunk) return text(JSON.stringify(chunk), CONTENT_TYPES['.json']!);
    const json = this.site.pageJson.get(path);
    if (json !== undefined) return text(json, CONTENT_TYPES['.json']!);
    if (path === '/assets/code.css') {
      this.css ??= codeStylesheet(Object.assign({}, ...this.site.allPages.map((p) => p.compiled.codeClasses)));
      return text(this.css, CONTENT_TYPES['.css']!);
    }
    if (path.startsWith('/search/')) {
      this.search ??= devSearchFiles(
        buildSearchShards(
          this.site.allPages,
          this.site.checkedSite,
          this.site.site!,
          this.site.checkedSite.ui as Record<LocaleCode, UiStrings>,
        ),
      );
      const shard = this.search.get(path);
      if (shard !== undefined) return text(shard, CONTENT_TYPES['.json']!);
    }
    const api = /^\/api\/(v[0-9.]+)\.yaml$/.exec(path);
    if (api) {
      const yaml = this.site.apiText(api[1]!);
      if (yaml !== null) return text(yaml, CONTENT_TYPES['.yaml']!);
    }
    if (path.startsWith('/api/')) {
      const json = this.site.consoleFile(path);
      if (json !== null) return text(json, CONTENT_TYPES['.json']!);
    }
    if (path.endsWith('.md')) {
      const route = path === '/index.md' ? '/' : path.slice(0, -3);
      const page = this.site.allPages.find((p) => p.path === route);
      if (page)
        return text(
          publishedMarkdown(page.fm.title, page.fm.description, page.src.source, this.site.facts, page.locale),
          CONTENT_TYPES['.md']!,
        );
    }
    if (/\.(xml|txt)$/.test(path)) {
      this.published ??= publishFiles(
        {
          manifest,
          chunks: this.site.chunks,
          chunkJson: new Map(),
          routes: this.site.routes,
          chunksOfRoute: this.site.chunksOfRoute,
          pageData: this.pageDataMap(),
          pageJson: new Map(),
        },
        this.site.allPages,
        this.site.site!,
        this.site.facts,
      );
      const file = this.published.get(path.slice(1));
      if (file !== undefined) return text(file, CONTENT_TYPES[extname(path)] ?? 'text/plain');
    }
    const staticFile =
      (this.site.staticFiles.has(path) ? fileIn(this.site.staticDir, path) : null) ??
      (this.renderer && path.startsWith('/assets/') ? fileIn(this.renderer.clientDir, path) : null);
    if (staticFile)
      return { status: 200, type: CONTENT_TYPES[extname(staticFile)] ?? 'application/octet-stream', body: readFileSync(staticFile) };

    const clean = canonicalPath(path);
    if (clean !== path) {
      const location = redirectLocation(clean);
      return location ? { redirect: location } : this.page(path);
    }
    return this.page(path);
  }

  /** Draws the HTML of these routes now, while the browsers wait before reloading. */
  prepare(paths: readonly string[]): void {
    for (const path of paths) if (this.routes.has(path)) this.page(path);
  }

  /** The HTML of a route (or the not-found page), with the dev client. */
  private page(path: string): DevResponse {
    const route = this.routes.get(path) ?? null;
    const key = route ? path : '\u0000404';
    let html = this.html.get(key);
    let status = route ? 200 : 404;
    if (html === undefined) {
      const manifest = this.site.manifest!;
      const data = route && 'data' in route ? (JSON.parse(this.site.pageJson.get(route.data) ?? 'null') as PageData | null) : null;
      let drawn: { html: string; status: number };
      try {
        const chunks = chunksOf(this.site, route);
        drawn = this.renderer ? this.renderer.render(manifest, chunks, route, data) : fallbackPage(manifest, chunks, route, data);
      } catch (e) {
        // A renderer that throws on one page must not take the preview down.
        drawn = fallbackPage(manifest, chunksOf(this.site, route), route, data);
        drawn.html = drawn.html.replace(
          '<main>',
          `<main><pre class="vd-dev-note">the renderer failed on this page: ${String((e as Error).message).replace(/[<&]/g, ' ')}</pre>`,
        );
      }
      html = injectDevClient(drawn.html);
      status = drawn.status;
      this.html.set(key, html);
    }
    return { status, type: CONTENT_TYPES['.html']!, body: html };
  }

  private pageDataMap() {
    const map = new Map<string, PageData>();
    for (const [url, json] of this.site.pageJson) map.set(url, JSON.parse(json));
    return map;
  }
}
