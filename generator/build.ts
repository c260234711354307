import { join } from 'node:path';
import { type ApiOperation, type Diagnostic, type LocaleCode, type SiteConfig, type UiStrings } from '@vitrina-docs/schemas';
import { Diagnostics } from './diagnostics.ts';
import { checkApiPages, needsOpenApi } from './openapi/check-api-pages.ts';
import { loadOpenApi, type OpenApiDescription } from './openapi/load-openapi.ts';
import { checkContent } from './pipeline/check.ts';
import { resolveCounterparts } from './pipeline/counterparts.ts';
import { checkLinks } from './pipeline/link.ts';
import type { AssembledSite } from './pipeline/assemble.ts';
import { loadContent } from './pipeline/load.ts';
import { pagesToCheck } from './pipeline/select.ts';
import { BuildCache } from './pipeline/page-cache.ts';
import { transformPages, type TransformedPage } from './pipeline/transform.ts';
import { checkTranslationMarks } from './translations/check-marks.ts';

export interface RunOptions {
  /** Project root (holds content/). */
  root: string;
  /** Output folder, default `<root>/dist`. */
  outDir?: string;
  /** validate: every check, no output. build: checks, then the site. */
  mode: 'validate' | 'build';
  /** validate only: check these files (and the pages that link to them) instead of everything. */
  files?: string[];
  /** Skip prerendering the HTML (data only). */
  prerender?: boolean;
  /** Reuse compiled pages from .cache/pages (default true). */
  cache?: boolean;
}

export interface BuildStats {
  pages: number;
  routes: number;
  files: number;
  bytes: { manifest: number; largestPage: { url: string; bytes: number }; shards: Record<string, number> };
  timings: Record<string, number>;
}

export interface RunResult {
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  stats: BuildStats | null;
}

async function loadApis(
  root: string,
  files: Map<string, string>,
  diagnostics: Diagnostics,
  cache: BuildCache,
): Promise<Map<string, OpenApiDescription>> {
  const apis = new Map<string, OpenApiDescription>();
  for (const [version, file] of files) {
    const api = await loadOpenApi(root, file, version, diagnostics, cache);
    if (api) apis.set(version, api);
  }
  return apis;
}

/** The blog feeds of each locale: `/blog/rss.xml`, `/en/blog/atom.xml` … */
export function feedUrls(site: SiteConfig): Partial<Record<LocaleCode, { rss: string; atom: string }>> {
  const prefix = (code: string) => (code === site.defaultLocale ? '' : `/${code}`);
  return Object.fromEntries(
    site.locales.map((l) => [l.code, { rss: `${prefix(l.code)}/blog/rss.xml`, atom: `${prefix(l.code)}/blog/atom.xml` }]),
  );
}

/** load → check → transform → link → index → emit. Returns every diagnostic; writes only when there is no error. */
export async function runPipeline(options: RunOptions): Promise<RunResult> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };
  const root = options.root;
  const diagnostics = new Diagnostics();
  const content = loadContent(root, diagnostics);
  lap('load');
  const checked = checkContent(content, diagnostics);
  checkTranslationMarks(checked.pages, diagnostics);
  lap('check');
  const only = options.mode === 'validate' && options.files?.length ? pagesToCheck(checked, options.files) : undefined;
  const build = options.mode === 'build';
  const highlighter = build ? await (await import('./markdown/highlighter.ts')).createCodeHighlighter() : undefined;
  const cache = new BuildCache(root, options.cache !== false, options.mode);
  const transformed = await transformPages(content, checked, diagnostics, { highlighter, only: only?.compile, cache });
  lap('transform');
  checkLinks(transformed, checked.routeKeys, diagnostics);
  lap('link');
  // A check of a few pages (a pre-commit hook) reads the OpenAPI descriptions only when it
  // reports on an API page (the other compiled pages are there for their heading ids).
  const apiPages = only ? transformed.filter((p) => only.report.has(p.src.file)) : transformed;
  const apis = apiPages.some(needsOpenApi)
    ? await loadApis(root, content.openapiFiles, diagnostics, cache)
    : new Map<string, OpenApiDescription>();
  lap('openapi');
  const resolvedOps = checkApiPages(apiPages, apis, diagnostics, cache, { reportUnused: !only });
  lap('api-pages');
  const counterparts = checked.site ? resolveCounterparts(checked.pages, checked.site, apis, diagnostics) : new Map();
  cache.save(Boolean(only));

  let result = diagnostics.sorted();
  if (only)
    result = result.filter((d) => only.report.has(d.file) || (!d.file.startsWith('content/docs') && !d.file.startsWith('content/blog')));
  const errors = result.filter((d) => d.severity === 'error').length;
  const summary = { diagnostics: result, errors, warnings: result.length - errors, timings };
  if (!build || errors > 0 || !checked.site) return { ...summary, stats: null };

  // What only a build needs is loaded here, so that `validate` starts quickly.
  const [
    { operationView },
    { assembleSite, shortHash },
    { StagedOutput },
    { buildSearchShards },
    { publishFiles },
    { prerenderPages },
    { lastUpdatedTimes },
    { codeStylesheet },
  ] = await Promise.all([
    import('./openapi/operation-view.ts'),
    import('./pipeline/assemble.ts'),
    import('./pipeline/emit.ts'),
    import('./search/build-shards.ts'),
    import('./publish/publish-files.ts'),
    import('./prerender.ts'),
    import('./git-times.ts'),
    import('./markdown/remark-code-blocks.ts'),
  ]);
  const site = checked.site as SiteConfig;
  const ui = checked.ui as Record<LocaleCode, UiStrings>;
  const operations = new Map<TransformedPage, Partial<Record<LocaleCode, ApiOperation>>>();
  for (const [page, { api, op }] of resolvedOps) {
    operations.set(page, { [page.locale]: operationView(api, op, page.locale, `/api/${api.version}.yaml`) });
  }
  // Files go to a staging folder as they are made, and replace the output only if the build succeeds.
  const out = new StagedOutput(options.outDir ?? join(root, 'dist'), join(root, '.cache', 'staging'));
  try {
    const openapi: Record<string, string> = {};
    for (const api of apis.values()) {
      openapi[api.version] = `/api/${api.version}.yaml`;
      out.write(`api/${api.version}.yaml`, api.text);
    }
    const css = codeStylesheet(Object.assign({}, ...transformed.map((p) => p.compiled.codeClasses)));
    const cssUrl = `/assets/code.${shortHash(css)}.css`;
    out.write(cssUrl.slice(1), css);

    const shards = buildSearchShards(transformed, checked, site, ui);
    for (const [path, data] of shards.files) out.write(path, data);
    lap('index');

    const feeds = feedUrls(site);
    const assembled: AssembledSite = assembleSite({
      checked: { ...checked, site },
      ui,
      pages: transformed,
      operations,
      counterparts,
      lastUpdated: lastUpdatedTimes(root),
      openapi,
      css: [cssUrl],
      search: shards.refs,
      feeds,
      staticFiles: content.staticFiles,
    });
    const manifestJson = JSON.stringify(assembled.manifest);
    out.write('manifest.json', manifestJson);
    for (const [url, json] of assembled.chunkJson) out.write(url.slice(1), json);
    for (const [url, json] of assembled.pageJson) out.write(url.slice(1), json);
    for (const [path, data] of publishFiles(assembled, transformed, site, checked.facts)) out.write(path, data);
    lap('assemble');

    let copyClient: { from: string; to: string }[] = [];
    if (options.prerender !== false) {
      const pre = await prerenderPages(root, assembled, diagnostics, (file, html) => out.write(file, html), { css });
      if (pre) copyClient = pre.copy;
    }
    lap('prerender');
    const preErrors = diagnostics.errorCount;
    if (preErrors > errors) {
      out.discard();
      const all = diagnostics.sorted();
      const e = all.filter((d) => d.severity === 'error').length;
      return { diagnostics: all, errors: e, warnings: all.length - e, timings, stats: null };
    }

    // content/static: exactly the files it publishes (regular files; no links, no hidden files).
    for (const path of content.staticFiles) out.copyFile(join(content.staticDir, path), path.slice(1));
    for (const { from, to } of copyClient) out.copy(from, to);
    // The service worker needs the prerendered pages: a data-only build has none.
    if (site.offline && copyClient.length) {
      const { writeServiceWorker } = await import('./publish/write-service-worker.ts');
      await writeServiceWorker(root, assembled, shards.files, site.offline.sidebars, out);
    }
    out.commit();
    lap('emit');

    let largest = { url: '', bytes: 0 };
    for (const [url, json] of assembled.pageJson) if (json.length > largest.bytes) largest = { url, bytes: json.length };
    return {
      ...summary,
      stats: {
        pages: transformed.length,
        routes: assembled.routes.length,
        files: out.files,
        bytes: { manifest: manifestJson.length, largestPage: largest, shards: shards.sizes },
        timings,
      },
    };
  } catch (e) {
    out.discard();
    throw e;
  }
}
