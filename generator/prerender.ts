import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LocaleCode, Manifest, ManifestChunk, PageData, RouteEntry } from '@vitrina-docs/schemas';
import type { Diagnostics } from './diagnostics.ts';
import { contentSecurityPolicy, cspHash, nginxCspDirective } from './publish/csp.ts';
import type { AssembledSite } from './pipeline/assemble.ts';
import { offlinePageUrl } from './site-paths.ts';

export const RENDERER_CACHE = '.cache/renderer';

type DocumentAssets = { scripts: string[]; styles: string[]; preload: string[]; inlineStyles?: string[] };

interface ServerEntry {
  /** sha256 sources of the inline scripts of every page. */
  INLINE_SCRIPT_HASHES?: string[];
  renderDocument(input: {
    manifest: Manifest;
    chunks: readonly (readonly [string, ManifestChunk])[];
    route: RouteEntry | null;
    page: PageData | null;
    assets: DocumentAssets;
    /** The locale of the not-found page (route null). */
    locale?: LocaleCode;
    /** Draw the offline app shell of this locale (route null). */
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
  // A path that would lead out of the output (schemas check them; this is the last guard).
  if (!path.startsWith('/') || path.split(/[/\\]/).some((s) => s === '..' || s === '.')) {
    throw new Error(`${JSON.stringify(path)} is not a path of the site: it would be written outside the output`);
  }
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

/** The prebuilt renderer: its server entry and the client files a site copies. */
export interface RendererBundle {
  /** The server entry (an ES module). */
  server: string;
  /** The client's folder (Vite's output). */
  clientDir: string;
  /** The entry's script, stylesheets and the chunks it imports. */
  entry: { scripts: string[]; styles: string[]; preload: string[] };
}

const serverEntry = (root: string) => join(root, RENDERER_CACHE, 'server', 'server.js');

/** The renderer's server entry of a project, or null when the renderer has not been built. */
export function rendererServer(root: string): string | null {
  const server = serverEntry(root);
  return existsSync(server) ? server : null;
}

/** The renderer bundle of a project, or null (with a warning) when it has not been built. */
export function findRenderer(root: string, diagnostics: Diagnostics): RendererBundle | null {
  const server = serverEntry(root);
  const clientDir = join(root, RENDERER_CACHE, 'client');
  const viteManifestPath = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(server) || !existsSync(viteManifestPath)) {
    diagnostics.warn(
      'renderer',
      1,
      1,
      'renderer-not-built',
      'the renderer is not built (npm run build:renderer): pages were written as data only, without HTML',
    );
    return null;
  }
  const entry = entryAssets(JSON.parse(readFileSync(viteManifestPath, 'utf8')) as Record<string, ViteManifestChunk>);
  return { server, clientDir, entry };
}

/** What every page of a site is drawn with. */
export interface RenderContext {
  /** The renderer's server entry. */
  server: string;
  manifest: Manifest;
  /** Every chunk of the site, by URL (a job names those its page is drawn with). */
  chunks: Map<string, ManifestChunk>;
  assets: DocumentAssets;
}

/** One HTML file to draw: a route (null: the not-found page) with its page JSON, if it has one. */
export interface RenderJob {
  route: RouteEntry | null;
  /** The page JSON text, or the file that holds it (read when the page is drawn). */
  pageJson: string | null;
  pageFile?: string;
  /** URLs of the chunks the page is drawn with. */
  chunks: string[];
  file: string;
  /** With no route: the locale of the not-found page, or of the offline app shell. */
  locale?: LocaleCode;
  offline?: LocaleCode;
}

export interface RenderResult {
  written: number;
  failures: { path: string; message: string }[];
}

/** Where the HTML files go: `write` on this thread, or into `dir` from another (which then reports how many it `added`). */
export interface HtmlOutput {
  write: (file: string, html: string) => void;
  dir: string;
  added: (files: number) => void;
  /** Takes the file from the previous output when it was drawn from inputs of this key (see StagedOutput). */
  reuse?: (file: string, key: string) => boolean;
  /** Notes the key of the inputs a file is drawn from. */
  keyed?: (file: string, key: string) => void;
}

/**
 * Draws the jobs into `output`. Where (this thread or worker threads) is the caller's choice:
 * `drawHere` draws on this thread; a run's Scheduler (pipeline/scheduler.ts) spreads them.
 */
export type DrawPages = (context: RenderContext, jobs: readonly RenderJob[], output: HtmlOutput) => Promise<RenderResult>;

/** sha256 of a text or file contents, hex. */
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * What every page is drawn with, as a hash: the renderer's server entry (its code), the assets
 * (the inline stylesheet among them) and the shell but its build id, its search index and the
 * URLs of its chunks. Those are left out because a page shows none of them, and each changes
 * with any page's text (a chunk's URL is a hash of its routes, which name each page JSON by a
 * hash of its own): with them, editing one page would draw every page again. The chunks a page
 * is drawn with are in its own key, URL and text. (tests/build-reproducible.test.ts edits a page
 * and compares with a clean build: a page that showed any of them would be caught there, kept
 * stale.)
 */
function contextKey(server: string, context: RenderContext): string {
  const { buildId: _id, ...shell } = context.manifest;
  const locales = Object.fromEntries(
    Object.entries(shell.locales).map(([l, data]) => [
      l,
      { ...data, search: null, chunks: data.chunks.map(({ url: _url, ...ref }) => ref) },
    ]),
  );
  return sha256(`${sha256(readFileSync(server))}\n${JSON.stringify(context.assets)}\n${JSON.stringify({ ...shell, locales })}`);
}

/**
 * The jobs whose HTML the previous build did not draw from the same inputs: the others are taken
 * from its output (`output.reuse`). A page's key covers what its document is drawn from: the
 * context's key, the route, the chunks it is drawn with and its page JSON; every drawn page's
 * key is noted for the next build.
 */
function unchangedLeftOut(
  jobs: readonly RenderJob[],
  server: string,
  context: RenderContext,
  site: AssembledSite,
  output: HtmlOutput,
): RenderJob[] {
  const common = contextKey(server, context);
  const chunkKeys = new Map<string, string>();
  const chunkKey = (url: string) => {
    let k = chunkKeys.get(url);
    if (k === undefined) chunkKeys.set(url, (k = sha256(site.chunkJson.get(url) ?? JSON.stringify(site.chunks.get(url) ?? null))));
    return k;
  };
  const toDraw: RenderJob[] = [];
  for (const job of jobs) {
    let page: string | Buffer | null = job.pageJson;
    try {
      if (page === null && job.pageFile) page = readFileSync(job.pageFile);
    } catch {
      // (drawing it reports the missing file)
      toDraw.push(job);
      continue;
    }
    const key = sha256(
      [
        common,
        job.file,
        JSON.stringify(job.route),
        job.locale ?? '',
        job.offline ?? '',
        ...job.chunks.map((url) => `${url} ${chunkKey(url)}`),
        page === null ? '' : sha256(page),
      ].join('\n'),
    );
    if (output.reuse!(job.file, key)) continue;
    output.keyed?.(job.file, key);
    toDraw.push(job);
  }
  return toDraw;
}

/** Draws every job on this thread. */
export const drawHere: DrawPages = (context, jobs, output) => renderRoutes(context, jobs, (file, html) => output.write(file, html));

const servers = new Map<string, Promise<ServerEntry>>();

/** The renderer's server entry, loaded once per thread. */
export function loadServer(path: string): Promise<ServerEntry> {
  let s = servers.get(path);
  if (!s) servers.set(path, (s = import(pathToFileURL(path).href) as Promise<ServerEntry>));
  return s;
}

/** Draws routes with the renderer and hands each HTML file to `write` as soon as it is drawn. */
export async function renderRoutes(
  context: RenderContext,
  jobs: readonly RenderJob[],
  write: (file: string, html: string) => void,
): Promise<RenderResult> {
  const server = await loadServer(context.server);
  const result: RenderResult = { written: 0, failures: [] };
  for (const job of jobs) {
    try {
      const text = job.pageJson ?? (job.pageFile ? readFileSync(job.pageFile, 'utf8') : null);
      const page = text === null ? null : (JSON.parse(text) as PageData);
      const chunks = job.chunks.flatMap((url) => {
        const chunk = context.chunks.get(url);
        return chunk ? [[url, chunk] as const] : [];
      });
      const { html } = server.renderDocument({
        manifest: context.manifest,
        chunks,
        route: job.route,
        page,
        assets: context.assets,
        ...(job.locale ? { locale: job.locale } : {}),
        ...(job.offline ? { offline: job.offline } : {}),
      });
      write(job.file, html);
      result.written++;
    } catch (e) {
      if (!job.route) throw e;
      result.failures.push({ path: job.route.path, message: (e as Error).message });
    }
  }
  return result;
}

/**
 * Stage 6 (HTML half): every route through the renderer's server entry, plus the not-found page
 * and the offline app shell of each locale, each
 * written as soon as it is drawn, wherever `draw` draws it. The site's stylesheet (the
 * renderer's CSS with `options.css`, the build's code highlighting) is inline in every page, so
 * that the first paint waits for no request; the nginx CSP directive that allows it and the
 * inline script by their hashes is written to CSP_CONF.
 * Returns null (with a warning) when the renderer has not been built.
 */
export async function prerenderPages(
  root: string,
  site: AssembledSite,
  diagnostics: Diagnostics,
  output: HtmlOutput,
  draw: DrawPages = drawHere,
  options: {
    css?: string;
    /** Where each page JSON file written is, by its path in the output: read from there when its page is drawn (else from `site.pageJson`). */
    pageFiles?: (rel: string) => string;
    /** The origins of the API servers the "Try it" console may call (connect-src). */
    apiOrigins?: string[];
  } = {},
): Promise<{ pages: number; copy: { from: string; to: string }[] } | null> {
  const bundle = findRenderer(root, diagnostics);
  if (!bundle) return null;
  const server = await loadServer(bundle.server);
  const stylesheet = siteStylesheet(bundle.clientDir, bundle.entry.styles, options.css ?? '');
  if (/<\/style/i.test(stylesheet.css)) throw new Error('the stylesheet contains "</style": it cannot be inlined');
  output.write(stylesheet.url.slice(1), stylesheet.css);
  const assets: DocumentAssets = { ...bundle.entry, styles: [], inlineStyles: [stylesheet.css] };
  const policy = contentSecurityPolicy({
    scripts: server.INLINE_SCRIPT_HASHES ?? [],
    styles: [cspHash(stylesheet.css)],
    api: options.apiOrigins ?? [],
  });
  output.write(CSP_CONF, nginxCspDirective(policy));

  const context: RenderContext = { server: bundle.server, manifest: site.manifest, chunks: site.chunks, assets };
  const jobs: RenderJob[] = site.routes.map((route) => {
    const data = route.kind === 'doc' || route.kind === 'blog-post' ? route.data : null;
    return {
      route,
      pageJson: data && !options.pageFiles ? (site.pageJson.get(data) ?? null) : null,
      ...(data && options.pageFiles ? { pageFile: options.pageFiles(data.slice(1)) } : {}),
      chunks: site.chunksOfRoute.get(route.path) ?? [],
      file: htmlFileOf(route.path),
    };
  });
  // One not-found page per locale: nginx and the preview server answer a missing `/en/…` path
  // with `en/404.html`; and the app shell the service worker answers every page with offline.
  const locales = Object.keys(site.manifest.locales) as LocaleCode[];
  const defaultLocale = site.manifest.defaultLocale;
  for (const locale of locales)
    jobs.push({ route: null, pageJson: null, chunks: [], file: locale === defaultLocale ? '404.html' : `${locale}/404.html`, locale });
  if (site.manifest.offline)
    for (const locale of locales)
      jobs.push({ route: null, pageJson: null, chunks: [], file: offlinePageUrl(locale, defaultLocale).slice(1), offline: locale });
  // A page whose inputs are those it was drawn from by the previous build is taken from there.
  const toDraw = output.reuse ? unchangedLeftOut(jobs, bundle.server, context, site, output) : jobs;
  const result = await draw(context, toDraw, output);
  result.written += jobs.length - toDraw.length;
  for (const f of result.failures) diagnostics.error('renderer', 1, 1, 'prerender-failed', `${f.path}: ${f.message}`);
  return { pages: result.written, copy: [{ from: join(bundle.clientDir, 'assets'), to: 'assets' }] };
}
