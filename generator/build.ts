import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiOperation, type Diagnostic, type LocaleCode, type SiteConfig, type UiStrings } from '@vitrina-docs/schemas';
import { Diagnostics } from './diagnostics.ts';
import { lastUpdatedTimes } from './git-times.ts';
import { shortHash } from './hash.ts';
import { checkApiPages, needsOpenApi } from './openapi/check-api-pages.ts';
import { postmanKey } from './openapi/postman-key.ts';
import { loadOpenApi, type OpenApiDescription, type ResolvedOperation } from './openapi/load-openapi.ts';
import { checkContent, type CheckedSite } from './pipeline/check.ts';
import { resolveCounterparts } from './pipeline/counterparts.ts';
import { checkLinks } from './pipeline/link.ts';
import type { AssembledSite } from './pipeline/assemble.ts';
import type { StagedOutput } from './pipeline/emit.ts';
import { loadContent, type LoadedContent } from './pipeline/load.ts';
import { pagesToCheck } from './pipeline/select.ts';
import { BuildCache } from './pipeline/page-cache.ts';
import { bodyOf, transformPages, type TransformedPage } from './pipeline/transform.ts';
import { BodySpool } from './pipeline/body-spool.ts';
import { Scheduler, type Indexing } from './pipeline/scheduler.ts';
import { SearchIndexRecord } from './pipeline/search-record.ts';
import { searchIndexKey } from './search/index-key.ts';
import { feedUrls } from './site-paths.ts';
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

/** What every stage of a run shares: its options, where it reports, its cache and threads. */
interface Run {
  options: RunOptions;
  root: string;
  build: boolean;
  diagnostics: Diagnostics;
  cache: BuildCache;
  scheduler: Scheduler;
  /** A build's page bodies, written out as they are compiled (see BodySpool). */
  spool: BodySpool | null;
  /** A check of a few changed files: the pages to compile, and those to report on. */
  only: { compile: Set<string>; report: Set<string> } | undefined;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

/** The modules only a build needs (loaded while the pages compile, so that `validate` starts quickly). */
async function buildModules() {
  const [operationView, consoleData, methodChanges, csp, assemble, emit, search, publish, prerender, codeBlocks] = await Promise.all([
    import('./openapi/operation-view.ts'),
    import('./openapi/console-data.ts'),
    import('./openapi/method-changes.ts'),
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
    releaseNotesByPage: methodChanges.releaseNotesByPage,
    pageKey: methodChanges.pageKey,
    apiOrigins: csp.apiOrigins,
    assembleSite: assemble.assembleSite,
    withSearch: assemble.withSearch,
    StagedOutput: emit.StagedOutput,
    searchInput: search.searchInput,
    publishFiles: publish.publishFiles,
    prerenderPages: prerender.prerenderPages,
    rendererServer: prerender.rendererServer,
    codeStylesheet: codeBlocks.codeStylesheet,
  };
}
type BuildModules = Awaited<ReturnType<typeof buildModules>>;

/** Diagnostics with their count of errors and of warnings, as a run reports them. */
function counted(diagnostics: Diagnostic[]): Pick<RunResult, 'diagnostics' | 'errors' | 'warnings'> {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return { diagnostics, errors, warnings: diagnostics.length - errors };
}

/** Markdown files under content/docs and content/blog (a quick count, before the content is read). */
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

/** Runs `stage` and records how long it took under `name` (a stage that returns a promise: until it settles). */
function timed<T>(run: Run, name: string, stage: () => T): T {
  const from = performance.now();
  const lap = () => void (run.timings[name] = Math.round(performance.now() - from));
  const out = stage();
  if (out instanceof Promise) return out.finally(lap) as T;
  lap();
  return out;
}

/**
 * load → check → transform → link → API pages → index → assemble → publish → prerender → emit.
 * Returns every diagnostic; writes only when there is no error.
 */
export async function runPipeline(options: RunOptions): Promise<RunResult> {
  const build = options.mode === 'build';
  const partial = options.mode === 'validate' && Boolean(options.files?.length);
  // The threads start first, so that they load what they need while this thread reads the content.
  const scheduler = Scheduler.forRun(partial ? null : countPages(options.root), build);
  const spool = build ? new BodySpool(join(options.root, '.cache', 'staging')) : null;
  try {
    return await pipeline(options, scheduler, spool);
  } finally {
    await scheduler.close();
    spool?.remove();
  }
}

async function pipeline(options: RunOptions, scheduler: Scheduler, spool: BodySpool | null): Promise<RunResult> {
  const { root } = options;
  const build = options.mode === 'build';
  const diagnostics = new Diagnostics();
  const cache = new BuildCache(root, options.cache !== false, options.mode);
  const run: Run = { options, root, build, diagnostics, cache, scheduler, spool, only: undefined, timings: {} };
  // A build's pages show their last commit time: git answers while the content is read and
  // compiled, and the modules only a build needs are loaded meanwhile.
  const lastUpdated = build ? lastUpdatedTimes(root) : null;
  const loadingModules = build ? buildModules() : null;

  const content = timed(run, 'load', () => loadContent(root, diagnostics));
  const checked = timed(run, 'check', () => check(run, content));
  const transformed = await timed(run, 'transform', () => transform(run, content, checked));
  const { pages } = transformed;
  const modules = await loadingModules;
  const output = modules && checked.site && diagnostics.errorCount === 0 ? stagedOutput(run, modules) : null;
  // (The index is made on a thread from here on, beside link, API pages and assemble on this one.)
  const indexing = output && modules ? await startIndex(run, modules, checked, pages, transformed.apis, output) : null;
  timed(run, 'link', () => checkLinks(pages, checked.routeKeys, diagnostics));
  const { apis, operations } = await timed(run, 'api-pages', () => checkApis(run, content, pages, transformed.apis));
  const counterparts = checked.site ? resolveCounterparts(checked.pages, checked.site, apis, diagnostics) : new Map();
  cache.save(Boolean(run.only), (page) => bodyOf(page, spool));

  const summary = { ...counted(reported(run)), timings: run.timings };
  if (!build || summary.errors > 0 || !checked.site || !modules || !output || !indexing || !lastUpdated) {
    await indexing?.shards.catch(() => {});
    await scheduler.close();
    output?.discard();
    return { ...summary, stats: null };
  }

  const site = { ...checked, site: checked.site };
  try {
    const assembled = await timed(run, 'assemble', async () => {
      const made = assemble(run, modules, site, content, pages, apis, operations, counterparts, await lastUpdated, output);
      for (const api of apis.values()) await postman(run, api, output);
      return made;
    });
    const search = await timed(run, 'index', () => indexing.shards);
    assembled.site.manifest = modules.withSearch(assembled.site.manifest, search.refs);
    const manifestBytes = timed(run, 'publish', () => publish(run, modules, site, pages, assembled.site, assembled.operations, output));
    const apiOrigins = modules.apiOrigins([...apis.values()].flatMap(modules.serverUrls));
    const client = await timed(run, 'prerender', () => prerender(run, modules, assembled.site, assembled.css, apiOrigins, output));
    if (diagnostics.errorCount > summary.errors) {
      output.discard();
      return { ...counted(diagnostics.sorted()), timings: run.timings, stats: null };
    }
    await timed(run, 'emit', () => emit(run, site.site, content, assembled.site, client, output));
    return {
      // (With what drawing the pages found: a warning, such as a renderer that is not built.)
      ...counted(diagnostics.sorted()),
      timings: run.timings,
      stats: {
        pages: pages.length,
        routes: assembled.site.routes.length,
        files: output.files,
        bytes: { manifest: manifestBytes, largestPage: assembled.largest, shards: search.sizes },
        timings: run.timings,
      },
    };
  } catch (e) {
    // (The threads stop first: none may still be writing into the staging folder.)
    await scheduler.close();
    output.discard();
    throw e;
  }
}

/** check: the schemas, the route inventory, the translations and their marks, the content rules. */
function check(run: Run, content: LoadedContent): CheckedSite {
  const checked = checkContent(content, run.diagnostics);
  checkTranslationMarks(checked.pages, run.diagnostics);
  const { files } = run.options;
  if (run.options.mode === 'validate' && files?.length) run.only = pagesToCheck(checked, files);
  return checked;
}

/**
 * transform: markdown → hast for every page (for a few changed files, the pages they touch),
 * the cached ones reused; meanwhile the OpenAPI descriptions are read and validated (for a few
 * changed files, only when one of them is an API page).
 */
async function transform(
  run: Run,
  content: LoadedContent,
  checked: CheckedSite,
): Promise<{ pages: TransformedPage[]; apis: Map<string, OpenApiDescription> | null }> {
  const { build, only } = run;
  const compiling = transformPages(content, checked, run.diagnostics, {
    highlight: build,
    output: build ? 'page' : 'check',
    only: only?.compile,
    cache: run.cache,
    compile: run.scheduler.compile,
    ...(run.spool ? { spool: run.spool } : {}),
  });
  const needApis = !only || checked.pages.some((p) => p.fm.api && only.report.has(p.src.file));
  const from = performance.now();
  const loading = needApis ? loadApis(run, content).finally(() => (run.timings.openapi = Math.round(performance.now() - from))) : null;
  if (!loading) run.timings.openapi = 0;
  const pages = await compiling;
  return { pages, apis: await loading };
}

/** The OpenAPI descriptions by version, each checked (against the specification's schema where the scheduler says). */
async function loadApis(run: Run, content: LoadedContent, onThisThread = false): Promise<Map<string, OpenApiDescription>> {
  const validate = onThisThread ? undefined : run.scheduler.validateOpenApi();
  const loaded = await Promise.all(
    [...content.openapiFiles].map(
      async ([version, file]) => [version, await loadOpenApi(run.root, file, version, run.diagnostics, run.cache, validate)] as const,
    ),
  );
  const apis = new Map<string, OpenApiDescription>();
  for (const [version, api] of loaded) if (api) apis.set(version, api);
  return apis;
}

/** The operation each API page documents. */
type Operations = Map<TransformedPage, { api: OpenApiDescription; op: ResolvedOperation }>;

/** API pages: each names an operation of a description, and its examples fit the schemas. */
async function checkApis(
  run: Run,
  content: LoadedContent,
  pages: TransformedPage[],
  loaded: Map<string, OpenApiDescription> | null,
): Promise<{ apis: Map<string, OpenApiDescription>; operations: Operations }> {
  const { only } = run;
  const apiPages = only ? pages.filter((p) => only.report.has(p.src.file)) : pages;
  // (A few pages checked: the descriptions are read after all if one of them shows a JSON example of a schema.)
  const apis = loaded ?? (apiPages.some(needsOpenApi) ? await loadApis(run, content, true) : new Map<string, OpenApiDescription>());
  return { apis, operations: checkApiPages(apiPages, apis, run.diagnostics, run.cache, { reportUnused: !only }) };
}

/** The diagnostics a run reports, sorted (a check of a few files: those of its files, and of the site's own files). */
function reported(run: Run): Diagnostic[] {
  const all = run.diagnostics.sorted();
  const { only } = run;
  if (!only) return all;
  return all.filter((d) => only.report.has(d.file) || (!d.file.startsWith('content/docs') && !d.file.startsWith('content/blog')));
}

/** Where a build writes: a staging folder, swapped into the output folder when the whole build succeeded. */
function stagedOutput(run: Run, modules: BuildModules): StagedOutput {
  const cache = join(run.root, '.cache');
  // (With the cache off, every file is made afresh.)
  const record = run.options.cache !== false ? join(cache, 'output-record.json') : undefined;
  return new modules.StagedOutput(run.options.outDir ?? join(run.root, 'dist'), join(cache, 'staging'), record);
}

/** index: starts making the search shards of the pages (where the scheduler says), written into `output`. */
async function startIndex(
  run: Run,
  modules: BuildModules,
  checked: CheckedSite,
  pages: TransformedPage[],
  apis: Map<string, OpenApiDescription> | null,
  output: StagedOutput,
): Promise<{ shards: Indexing }> {
  const input = modules.searchInput(pages, checked, checked.site!, checked.ui as Record<LocaleCode, UiStrings>, apis);
  // Once the index is made, fresh threads load the renderer for prerender.
  const server = run.options.prerender !== false ? modules.rendererServer(run.root) : null;
  if (run.options.cache === false) return run.scheduler.index(input, output, server);
  // An index made from the same input is kept from the previous output.
  const record = new SearchIndexRecord(join(run.root, '.cache', 'search-index.json'));
  const key = searchIndexKey(input);
  const kept = record.kept(key, output);
  const { shards } = await run.scheduler.index(input, output, server, kept ?? undefined);
  return { shards: kept ? shards : shards.then((index) => (record.made(key, index, output), index)) };
}

/** Each API method page's operation, as its page shows it in its locale. */
type OperationViews = Map<TransformedPage, Partial<Record<LocaleCode, ApiOperation>>>;

/**
 * assemble: the manifest, its chunks (routes and sidebars per locale and version) and every
 * page JSON, written as each is made; the OpenAPI files and the code stylesheet.
 */
function assemble(
  run: Run,
  modules: BuildModules,
  checked: CheckedSite & { site: SiteConfig },
  content: LoadedContent,
  pages: TransformedPage[],
  apis: Map<string, OpenApiDescription>,
  resolved: Operations,
  counterparts: ReadonlyMap<string, Record<string, string>>,
  lastUpdated: (file: string) => string | null,
  out: StagedOutput,
): { site: AssembledSite; css: string; largest: { url: string; bytes: number }; operations: OperationViews } {
  const operations: OperationViews = new Map();
  const changes = modules.releaseNotesByPage(pages);
  for (const [page, { api, op }] of resolved) {
    const view = modules.operationView(api, op, page.locale, `/api/${api.version}.yaml`);
    operations.set(page, { [page.locale]: { ...view, changes: changes.get(modules.pageKey(page.locale, page.key)) ?? [] } });
  }
  const openapi: Record<string, string> = {};
  for (const api of apis.values()) {
    openapi[api.version] = `/api/${api.version}.yaml`;
    out.write(`api/${api.version}.yaml`, api.text);
    for (const [path, json] of modules.consoleFiles(api)) out.write(path, json);
  }
  const css = modules.codeStylesheet(Object.assign({}, ...pages.map((p) => p.compiled.codeClasses)));
  const cssUrl = `/assets/code.${shortHash(css)}.css`;
  out.write(cssUrl.slice(1), css);

  let largest = { url: '', bytes: 0 };
  const site = modules.assembleSite({
    checked,
    ui: checked.ui as Record<LocaleCode, UiStrings>,
    pages,
    operations,
    counterparts,
    lastUpdated,
    openapi,
    css: [cssUrl],
    // (The search index is being made meanwhile; the shell names it once it is there.)
    search: {},
    feeds: feedUrls(checked.site),
    staticFiles: content.staticFiles,
    bodyOf: (page) => bodyOf(page, run.spool),
    emitPage: (url, json) => {
      out.write(url.slice(1), json);
      if (json.length > largest.bytes) largest = { url, bytes: json.length };
    },
  });
  for (const [url, json] of site.chunkJson) out.write(url.slice(1), json);
  return { site, css, largest, operations };
}

/**
 * An API version's Postman collection and environment, beside its OpenAPI file: kept from the
 * previous output when made from the same description by the same code (the converter is loaded
 * only when there is one to convert).
 */
async function postman(run: Run, api: OpenApiDescription, out: StagedOutput): Promise<void> {
  const { key, files } = postmanKey(api, run.cache.version);
  if (files.every((file) => out.reuse(file, key))) return;
  const { postmanFiles } = await import('./openapi/postman-collection.ts');
  for (const [path, json] of await postmanFiles(api)) {
    out.keyed(path, key);
    out.write(path, json);
  }
}

/**
 * publish: the manifest and the files made from the pages (sitemap, feeds, llms.txt, markdown
 * sources …). Then this thread lets go of the pages (the HTML is drawn from the files written),
 * so that their memory is not held through the drawing. Returns the manifest's size.
 */
function publish(
  run: Run,
  modules: BuildModules,
  checked: CheckedSite & { site: SiteConfig },
  pages: TransformedPage[],
  site: AssembledSite,
  operations: OperationViews,
  out: StagedOutput,
): number {
  const manifestJson = JSON.stringify(site.manifest);
  out.write('manifest.json', manifestJson);
  for (const [path, data] of modules.publishFiles(site, pages, checked.site, checked.facts, operations)) out.write(path, data);
  site.pageData.clear();
  run.cache.release();
  for (const p of pages) {
    p.compiled = { ...p.compiled, body: '', sections: [], links: [], codeBlocks: [], headingIds: [], toc: [], diagnostics: [] };
    p.src.source = '';
    p.src.body = '';
  }
  return manifestJson.length;
}

/** prerender: the HTML of every route (where the scheduler says). Returns the client files to copy. */
async function prerender(
  run: Run,
  modules: BuildModules,
  site: AssembledSite,
  css: string,
  apiOrigins: string[],
  out: StagedOutput,
): Promise<{ from: string; to: string }[]> {
  if (run.options.prerender === false) return [];
  const drawn = await modules.prerenderPages(run.root, site, run.diagnostics, out, run.scheduler.draw, {
    css,
    pageFiles: (rel) => out.path(rel),
    apiOrigins,
  });
  return drawn?.copy ?? [];
}

/**
 * emit: content/static (exactly the files it publishes: regular files, no links, no hidden
 * files), the renderer's client files, the service worker; then the staged output takes the
 * place of the previous one.
 */
async function emit(
  run: Run,
  config: SiteConfig,
  content: LoadedContent,
  site: AssembledSite,
  client: { from: string; to: string }[],
  out: StagedOutput,
): Promise<void> {
  for (const path of content.staticFiles) out.copyFile(join(content.staticDir, path), path.slice(1));
  for (const { from, to } of client) out.copy(from, to);
  // The service worker needs the prerendered pages: a data-only build has none.
  if (config.offline && client.length) {
    const { writeServiceWorker } = await import('./publish/write-service-worker.ts');
    await writeServiceWorker(run.root, site, (path) => out.read(path)?.toString('utf8') ?? null, config.offline.sidebars, out);
  }
  out.commit();
}
