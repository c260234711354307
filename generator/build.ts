import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiOperation, type Diagnostic, type LocaleCode, type SiteConfig, type UiStrings } from '@vitrina-docs/schemas';
import { Diagnostics } from './diagnostics.ts';
import { lastUpdatedTimes } from './git-times.ts';
import { checkApiPages, needsOpenApi } from './openapi/check-api-pages.ts';
import { loadOpenApi, type OpenApiDescription } from './openapi/load-openapi.ts';
import { checkContent } from './pipeline/check.ts';
import { resolveCounterparts } from './pipeline/counterparts.ts';
import { checkLinks } from './pipeline/link.ts';
import type { AssembledSite } from './pipeline/assemble.ts';
import { loadContent } from './pipeline/load.ts';
import { pagesToCheck } from './pipeline/select.ts';
import { BuildCache } from './pipeline/page-cache.ts';
import { bodyOf, transformPages, type TransformedPage } from './pipeline/transform.ts';
import { BodySpool } from './pipeline/body-spool.ts';
import { BuildWorkers, wantsWorkers, workersCompile, type IndexResult } from './pipeline/worker-pool.ts';
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
  /** Reuse compiled pages and check results from .cache/ (default true). */
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
  workers: BuildWorkers | null,
): Promise<Map<string, OpenApiDescription>> {
  const validate = workers ? (raw: Record<string, unknown>) => workers.validateOpenApi(raw) : undefined;
  const loaded = await Promise.all(
    [...files].map(async ([version, file]) => [version, await loadOpenApi(root, file, version, diagnostics, cache, validate)] as const),
  );
  const apis = new Map<string, OpenApiDescription>();
  for (const [version, api] of loaded) if (api) apis.set(version, api);
  return apis;
}

/** The blog feeds of each locale: `/blog/rss.xml`, `/en/blog/atom.xml` … */
export function feedUrls(site: SiteConfig): Partial<Record<LocaleCode, { rss: string; atom: string }>> {
  const prefix = (code: string) => (code === site.defaultLocale ? '' : `/${code}`);
  return Object.fromEntries(
    site.locales.map((l) => [l.code, { rss: `${prefix(l.code)}/blog/rss.xml`, atom: `${prefix(l.code)}/blog/atom.xml` }]),
  );
}

/** The modules only a build needs (loaded while the pages compile, so that `validate` starts quickly). */
async function buildModules() {
  const [operationView, consoleData, csp, assemble, emit, search, publish, prerender, codeBlocks] = await Promise.all([
    import('./openapi/operation-view.ts'),
    import('./openapi/console-data.ts'),
    import('./publish/csp.ts'),
    import('./pipeline/assemble.ts'),
    import('./pipeline/emit.ts'),
    import('./search/build-shards.ts'),
    import('./publish/publish-files.ts'),
    import('./prerender.ts'),
    import('./markdown/remark-code-blocks.ts'),
  ]);
  return {
    operationView: operationView.operationView,
    consoleFiles: consoleData.consoleFiles,
    serverUrls: consoleData.serverUrls,
    apiOrigins: csp.apiOrigins,
    assembleSite: assemble.assembleSite,
    withSearch: assemble.withSearch,
    shortHash: assemble.shortHash,
    StagedOutput: emit.StagedOutput,
    searchInput: search.searchInput,
    buildSearchIndex: search.buildSearchIndex,
    publishFiles: publish.publishFiles,
    prerenderPages: prerender.prerenderPages,
    rendererServer: prerender.rendererServer,
    codeStylesheet: codeBlocks.codeStylesheet,
  };
}

/** Markdown files under content/docs and content/blog (a quick count, before the content is read). */
/** Diagnostics with their count of errors and of warnings, as a run reports them. */
function counted(diagnostics: Diagnostic[]): Pick<RunResult, 'diagnostics' | 'errors' | 'warnings'> {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return { diagnostics, errors, warnings: diagnostics.length - errors };
}

function countPages(root: string): number {
  let n = 0;
  for (const dir of ['docs', 'blog']) {
    try {
      for (const name of readdirSync(join(root, 'content', dir), { recursive: true, encoding: 'utf8' })) if (name.endsWith('.md')) n++;
    } catch {
      // no such folder
    }
  }
  return n;
}

/** The worker threads of a run: they compile the pages, then make the search index and draw the HTML. */
class RunWorkers {
  private renewing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(public pool: BuildWorkers | null) {}

  /**
   * Once `done` is fulfilled, the threads go (their heaps with them) and fresh ones start, which
   * load the renderer's `server` entry.
   */
  renewAfter(done: Promise<unknown>, server: string | null): void {
    this.renewing = done.then(
      () => (this.stopped || !this.pool ? undefined : this.renew(server)),
      () => {},
    );
  }

  /** The threads go (their heaps with them) and fresh ones start; with `server`, they load the renderer. */
  async renew(server: string | null = null): Promise<void> {
    await this.pool?.close();
    this.pool = BuildWorkers.start({ compile: false, highlight: false });
    if (server) this.pool.loadRenderer(server);
  }

  /** The threads, once a renewal under way is done. */
  async ready(): Promise<BuildWorkers | null> {
    await this.renewing;
    return this.pool;
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.renewing;
    await this.pool?.close();
    this.pool = null;
  }
}

/** load → check → transform → link → index → emit. Returns every diagnostic; writes only when there is no error. */
export async function runPipeline(options: RunOptions): Promise<RunResult> {
  const build = options.mode === 'build';
  const partial = options.mode === 'validate' && Boolean(options.files?.length);
  // Many pages: worker threads, started first, so that they load what they need (the markdown
  // toolchain, when they compile too) while this thread reads and checks the content.
  const pages = partial ? 0 : countPages(options.root);
  const many = !partial && wantsWorkers(pages, build);
  const compile = workersCompile(pages);
  const workers = new RunWorkers(many ? BuildWorkers.start({ compile, highlight: build && compile }) : null);
  // A build writes the page bodies out as they are compiled (see BodySpool).
  const spool = build ? new BodySpool(join(options.root, '.cache', 'staging')) : null;
  try {
    return await pipeline(options, workers, spool);
  } finally {
    await workers.close();
    spool?.remove();
  }
}

async function pipeline(options: RunOptions, workers: RunWorkers, spool: BodySpool | null): Promise<RunResult> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };
  const root = options.root;
  const build = options.mode === 'build';
  const diagnostics = new Diagnostics();
  // A build's pages show their last commit time: git answers while the content is read and compiled.
  const lastUpdated = build ? lastUpdatedTimes(root) : null;
  const content = loadContent(root, diagnostics);
  lap('load');
  const checked = checkContent(content, diagnostics);
  checkTranslationMarks(checked.pages, diagnostics);
  lap('check');
  const only = options.mode === 'validate' && options.files?.length ? pagesToCheck(checked, options.files) : undefined;
  const cache = new BuildCache(root, options.cache !== false, options.mode);
  const compiling = transformPages(content, checked, diagnostics, {
    highlight: build,
    output: build ? 'page' : 'check',
    only: only?.compile,
    cache,
    workers: workers.pool,
    ...(spool ? { spool } : {}),
  });
  // While the pages compile: the OpenAPI descriptions (validated on the first worker, when there
  // is one, between the pages it compiles). A check of a few pages (a pre-commit hook)
  // reads them only when it reports on an API page (the other compiled pages are there for
  // their heading ids).
  const needApis = !only || checked.pages.some((p) => p.fm.api && only.report.has(p.src.file));
  const apisFrom = performance.now();
  let openapiMs = 0;
  const loadingApis = needApis
    ? loadApis(root, content.openapiFiles, diagnostics, cache, workers.pool).then((r) => {
        openapiMs = Math.round(performance.now() - apisFrom);
        return r;
      })
    : null;
  // And the modules only a build needs.
  const modules = build ? await buildModules() : null;
  const transformed = await compiling;
  let apis = await loadingApis;
  lap('transform');
  timings.openapi = openapiMs;

  // A worker makes the search index (while this thread checks links and API pages), then fresh
  // ones draw the HTML with this thread. The output is staged from here on, and dropped if a
  // check fails.
  const site = checked.site;
  const ui = checked.ui as Record<LocaleCode, UiStrings>;
  const staging =
    modules && site && diagnostics.errorCount === 0
      ? new modules.StagedOutput(options.outDir ?? join(root, 'dist'), join(root, '.cache', 'staging'))
      : null;
  let indexing: Promise<IndexResult> | null = null;
  if (workers.pool) {
    // The workers go with their heaps (the toolchain and pages of those that compiled, the
    // OpenAPI validator); a fresh one, which loads only the search index, takes over.
    if (staging) await workers.renew();
    else await workers.close();
  }
  if (modules && staging && site) {
    const input = modules.searchInput(transformed, checked, site, ui);
    indexing = workers.pool
      ? workers.pool.index(input, staging.dir)
      : Promise.resolve().then(() => {
          const { files, refs, sizes } = modules.buildSearchIndex(input);
          for (const [path, text] of files) staging.write(path, text);
          return { refs, sizes, written: 0 };
        });
    // (An error is reported where the index is awaited.)
    indexing.catch(() => {});
    // Once the index is made, its heap goes with its thread; a fresh one loads the renderer
    // while this thread puts the pages together.
    workers.renewAfter(indexing, options.prerender !== false ? modules.rendererServer(root) : null);
  }

  checkLinks(transformed, checked.routeKeys, diagnostics);
  lap('link');
  const apiPages = only ? transformed.filter((p) => only.report.has(p.src.file)) : transformed;
  // (A few pages checked: the descriptions are read after all if one of them shows a JSON example of a schema.)
  if (!apis && apiPages.some(needsOpenApi)) apis = await loadApis(root, content.openapiFiles, diagnostics, cache, null);
  apis ??= new Map<string, OpenApiDescription>();
  const resolvedOps = checkApiPages(apiPages, apis, diagnostics, cache, { reportUnused: !only });
  lap('api-pages');
  const counterparts = site ? resolveCounterparts(checked.pages, site, apis, diagnostics) : new Map();
  cache.save(Boolean(only), (page) => bodyOf(page, spool));

  let result = diagnostics.sorted();
  if (only)
    result = result.filter((d) => only.report.has(d.file) || (!d.file.startsWith('content/docs') && !d.file.startsWith('content/blog')));
  const summary = { ...counted(result), timings };
  const { errors } = summary;
  if (!build || errors > 0 || !site || !modules || !staging) {
    await indexing?.catch(() => {});
    await workers.close();
    staging?.discard();
    return { ...summary, stats: null };
  }

  const { operationView, assembleSite, withSearch, shortHash, publishFiles, prerenderPages, codeStylesheet } = modules;
  const out = staging;
  try {
    const operations = new Map<TransformedPage, Partial<Record<LocaleCode, ApiOperation>>>();
    for (const [page, { api, op }] of resolvedOps) {
      operations.set(page, { [page.locale]: operationView(api, op, page.locale, `/api/${api.version}.yaml`) });
    }
    const openapi: Record<string, string> = {};
    for (const api of apis.values()) {
      openapi[api.version] = `/api/${api.version}.yaml`;
      out.write(`api/${api.version}.yaml`, api.text);
      for (const [path, json] of modules.consoleFiles(api)) out.write(path, json);
    }
    const css = codeStylesheet(Object.assign({}, ...transformed.map((p) => p.compiled.codeClasses)));
    const cssUrl = `/assets/code.${shortHash(css)}.css`;
    out.write(cssUrl.slice(1), css);

    let largest = { url: '', bytes: 0 };
    const feeds = feedUrls(site);
    const assembled: AssembledSite = assembleSite({
      checked: { ...checked, site },
      ui,
      pages: transformed,
      operations,
      counterparts,
      lastUpdated: await lastUpdated!,
      openapi,
      css: [cssUrl],
      // (The search index is being made meanwhile; the shell names it once it is there.)
      search: {},
      feeds,
      staticFiles: content.staticFiles,
      bodyOf: (page) => bodyOf(page, spool),
      emitPage: (url, json) => {
        out.write(url.slice(1), json);
        if (json.length > largest.bytes) largest = { url, bytes: json.length };
      },
    });
    for (const [url, json] of assembled.chunkJson) out.write(url.slice(1), json);
    lap('assemble');
    const shards = await indexing!;
    out.added(shards.written);
    assembled.manifest = withSearch(assembled.manifest, shards.refs);
    lap('index');
    const manifestJson = JSON.stringify(assembled.manifest);
    out.write('manifest.json', manifestJson);
    for (const [path, data] of publishFiles(assembled, transformed, site, checked.facts)) out.write(path, data);
    // The pages are written: this thread lets go of them (the HTML is drawn from the files), so
    // that the memory of the pages is not held through the drawing.
    assembled.pageData.clear();
    cache.release();
    for (const p of transformed) {
      p.compiled = { ...p.compiled, body: '', sections: [], links: [], codeBlocks: [], headingIds: [], toc: [], diagnostics: [] };
      p.src.source = '';
      p.src.body = '';
    }
    lap('publish');

    let copyClient: { from: string; to: string }[] = [];
    if (options.prerender !== false) {
      const pre = await prerenderPages(root, assembled, diagnostics, out, await workers.ready(), {
        css,
        pageFiles: out.dir,
        apiOrigins: modules.apiOrigins([...apis.values()].flatMap(modules.serverUrls)),
      });
      if (pre) copyClient = pre.copy;
    }
    lap('prerender');
    const preErrors = diagnostics.errorCount;
    if (preErrors > errors) {
      out.discard();
      return { ...counted(diagnostics.sorted()), timings, stats: null };
    }

    // content/static: exactly the files it publishes (regular files; no links, no hidden files).
    for (const path of content.staticFiles) out.copyFile(join(content.staticDir, path), path.slice(1));
    for (const { from, to } of copyClient) out.copy(from, to);
    // The service worker needs the prerendered pages: a data-only build has none.
    if (site.offline && copyClient.length) {
      const { writeServiceWorker } = await import('./publish/write-service-worker.ts');
      await writeServiceWorker(root, assembled, (path) => out.read(path)?.toString('utf8') ?? null, site.offline.sidebars, out);
    }
    out.commit();
    lap('emit');

    return {
      // (With what drawing the pages found: a warning, such as a renderer that is not built.)
      ...counted(diagnostics.sorted()),
      timings,
      stats: {
        pages: transformed.length,
        routes: assembled.routes.length,
        files: out.files,
        bytes: { manifest: manifestJson.length, largestPage: largest, shards: shards.sizes },
        timings,
      },
    };
  } catch (e) {
    // (The workers stop first: none may still be writing into the staging folder.)
    await workers.close();
    out.discard();
    throw e;
  }
}
