import {
  type ApiOperation,
  type Diagnostic,
  type LocaleCode,
  type Manifest,
  type ManifestChunk,
  type PageData,
  type RouteEntry,
  type SiteConfig,
  type UiStrings,
} from '@vitrina-docs/schemas';
import { feedUrls } from '../site-paths.ts';
import { Diagnostics, sortDiagnostics } from '../diagnostics.ts';
import { lastUpdatedTimes } from '../git-times.ts';
import { CODE_LANGUAGES, createCodeHighlighter, type CodeHighlighter } from '../markdown/highlighter.ts';
import { checkApiPages } from '../openapi/check-api-pages.ts';
import { loadOpenApi, type OpenApiDescription, type ResolvedOperation } from '../openapi/load-openapi.ts';
import { operationView } from '../openapi/operation-view.ts';
import { consoleFiles, serverUrls } from '../openapi/console-data.ts';
import { pageKey, releaseNotesByPage } from '../openapi/method-changes.ts';
import { apiOrigins } from '../publish/csp.ts';
import { assembleSite } from '../pipeline/assemble.ts';
import { checkContent, type CheckedSite, type Page } from '../pipeline/check.ts';
import { compileAll } from '../pipeline/compile-jobs.ts';
import { compileOnThreads } from '../pipeline/scheduler.ts';
import { resolveCounterparts } from '../pipeline/counterparts.ts';
import { checkLinks } from '../pipeline/link.ts';
import { loadContent, loadPage, type LoadedContent } from '../pipeline/load.ts';
import { BuildCache } from '../pipeline/page-cache.ts';
import { checkTranslationPairs, transformPages, type TransformedPage } from '../pipeline/transform.ts';
import { checkTranslationMarks } from '../translations/check-marks.ts';
import { classifyChanges } from './changes.ts';
import { buildSearchShards } from '../search/build-shards.ts';
import { mapPartUrls } from '../pipeline/sidebar-parts.ts';
import { devSearchRefs, devUrl } from './dev-urls.ts';

/** What one update changed, for the browser and the terminal. */
export interface SiteUpdate {
  /** Counts up with every update. */
  version: number;
  /** Route paths whose page JSON (and HTML) changed. */
  changed: string[];
  /** The manifest changed (titles, sidebars, routes, site config): every open page reloads. */
  manifestChanged: boolean;
  /** Whole-site pass (a page added or removed, config edited) or one page. */
  scope: 'site' | 'page';
  /** Diagnostics of the files this update touched. */
  diagnostics: Diagnostic[];
  /** Pages whose new version has errors: the last good one is still served. */
  heldBack: string[];
  ms: number;
}

/** The diagnostics the browser shows: per route path, and the site-wide errors. */
export interface DiagnosticsView {
  byPath: Record<string, Diagnostic[]>;
  site: Diagnostic[];
}

const frontmatterText = (source: string) => /^---\r?\n[\s\S]*?\r?\n---/.exec(source)?.[0] ?? '';
const byFileOf = (items: readonly Diagnostic[]) => {
  const m = new Map<string, Diagnostic[]>();
  for (const d of items) m.set(d.file, [...(m.get(d.file) ?? []), d]);
  return m;
};

/**
 * The site of `vitrina-docs dev`, kept in memory between edits: the stages' results (loaded
 * files, checked pages, compiled pages, OpenAPI descriptions, the manifest and every page
 * JSON) and the diagnostics. An edit to a page body recompiles and re-checks that page
 * alone and rewrites its page JSON; other changes run the whole pipeline again, which
 * recompiles only the pages whose source changed.
 */
export class DevSite {
  readonly root: string;
  version = 0;
  /** The shell (manifest.json), with dev URLs. */
  manifest: Manifest | null = null;
  /** The manifest chunks by (dev) URL. */
  readonly chunks = new Map<string, ManifestChunk>();
  /** The chunks each route is drawn with, by route path. */
  readonly chunksOfRoute = new Map<string, string[]>();
  /** Every route of the site. */
  routes: RouteEntry[] = [];
  /** Page JSON by (dev) URL. */
  readonly pageJson = new Map<string, string>();
  /** The (dev) URL of the page JSON of each route path. */
  readonly dataUrlOf = new Map<string, string>();
  /** The pages whose JSON is served: the last version of each file without errors. */
  readonly served = new Map<string, TransformedPage>();

  private content!: LoadedContent;
  private checked!: CheckedSite;
  private pages: TransformedPage[] = [];
  private apis = new Map<string, OpenApiDescription>();
  private ops = new Map<string, { api: OpenApiDescription; op: ResolvedOperation }>();
  private siteDiagnostics: Diagnostic[] = [];
  private pageChecks = new Map<string, Diagnostic[]>();
  private pageData = new Map<string, PageData>();
  private highlighter: CodeHighlighter | undefined;
  private readonly cache: BuildCache;
  private lastUpdated: (file: string) => string | null = () => null;
  /** The search shards' references at dev URLs, from the first build (the dev server makes the shards when fetched). */
  private searchRefs: ReturnType<typeof devSearchRefs> | null = null;

  private readonly analytics: boolean;

  /** `analytics`: keep the site's analytics service in the manifest (off by default: a writer's preview is not a reader's visit). */
  constructor(root: string, options: { analytics?: boolean } = {}) {
    this.root = root;
    this.analytics = Boolean(options.analytics);
    this.cache = new BuildCache(root, true, 'build');
  }

  /** The first build: everything, compiled pages reused from .cache/ when their source is unchanged. */
  async start(): Promise<SiteUpdate> {
    this.highlighter = await createCodeHighlighter();
    const update = await this.fullPass(true);
    if (this.checked.site && this.checked.ui.ru && this.checked.ui.en) {
      this.searchRefs = devSearchRefs(
        buildSearchShards(this.allPages, this.checked, this.checked.site, this.checked.ui as Record<LocaleCode, UiStrings>),
      );
      this.assemble();
    }
    this.cache.save(true);
    await this.warmUp();
    return update;
  }

  /**
   * The first build compiles on worker threads: compile a few pages on this thread too, so
   * that the first edit does not pay for loading and optimising the markdown pipeline.
   */
  private async warmUp(): Promise<void> {
    const setup = {
      facts: this.checked.facts,
      staticDir: this.content.staticDir,
      publishedFiles: [],
      highlight: Boolean(this.highlighter),
      output: 'page' as const,
    };
    // Every code language too: a grammar's expressions are compiled when first used.
    const fences = Object.keys(CODE_LANGUAGES)
      .map((lang) => `\`\`\`${lang}\nx = 1\n\`\`\`\n`)
      .join('\n');
    const sample = `Lead.\n\n## A {#a}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n:::tip[T]\nText [link](/docs) and ![i](/i.svg).\n:::\n\n${fences}`;
    const jobs = [
      { source: sample, file: 'warm-up.ru.md', locale: 'ru' as const },
      ...this.pages.slice(0, 2).map((p) => ({ source: p.src.source, file: p.src.file, locale: p.locale, tocMaxLevel: p.fm.toc_max_level })),
    ];
    for (const job of jobs) await compileAll([job], setup, this.highlighter);
  }

  get site(): SiteConfig | null {
    return this.checked?.site ?? null;
  }

  get allPages(): readonly TransformedPage[] {
    return [...this.served.values()];
  }

  get facts() {
    return this.checked.facts;
  }

  get checkedSite(): CheckedSite {
    return this.checked;
  }

  apiText(version: string): string | null {
    return this.apis.get(version)?.text ?? null;
  }

  /** The origins of the descriptions' servers, which the console may call. */
  apiOrigins(): string[] {
    return apiOrigins([...this.apis.values()].flatMap(serverUrls));
  }

  /** The "Try it" console data of a description's operations: site path → JSON. */
  consoleFile(path: string): string | null {
    const version = /^\/api\/(v[0-9.]+)\/operations\//.exec(path)?.[1];
    const api = version ? this.apis.get(version) : undefined;
    return api ? (consoleFiles(api).get(path.slice(1)) ?? null) : null;
  }

  /** The files content/static publishes, as site paths (regular files only, no hidden ones). */
  get staticFiles(): ReadonlySet<string> {
    return this.content.staticFiles;
  }

  get staticDir(): string {
    return this.content.staticDir;
  }

  /** Every diagnostic now, sorted. */
  diagnostics(): Diagnostic[] {
    const all = [...this.siteDiagnostics];
    for (const p of this.pages) all.push(...p.compiled.diagnostics);
    for (const list of this.pageChecks.values()) all.push(...list);
    return sortDiagnostics(all);
  }

  /** Diagnostics by the route path of their page, and the site-wide errors. */
  diagnosticsView(): DiagnosticsView {
    const pathOf = new Map<string, string>();
    for (const p of this.content.pages) pathOf.set(p.file, p.route.path);
    const view: DiagnosticsView = { byPath: {}, site: [] };
    for (const d of this.diagnostics()) {
      const path = pathOf.get(d.file);
      if (path) (view.byPath[path] ??= []).push(d);
      else if (d.severity === 'error') view.site.push(d);
    }
    return view;
  }

  /** Applies changed files (absolute paths under content/). */
  async update(changedPaths: readonly string[]): Promise<SiteUpdate> {
    const changes = classifyChanges(this.content, changedPaths);
    if (changes.kind === 'none')
      return { version: this.version, changed: [], manifestChanged: false, scope: 'page', diagnostics: [], heldBack: [], ms: 0 };
    if (changes.kind === 'pages') {
      const fast = await this.pageEdit(changes.files);
      if (fast) return fast;
    }
    return this.fullPass(changes.kind === 'site' && changes.openapi);
  }

  // ---------------------------------------------------------------- the whole pipeline

  private async fullPass(reloadApis: boolean): Promise<SiteUpdate> {
    const started = performance.now();
    const diagnostics = new Diagnostics();
    const before = new Map(this.pageJson);
    const manifestBefore = this.manifest ? this.manifestText() : null;
    this.content = loadContent(this.root, diagnostics);
    this.checked = checkContent(this.content, diagnostics);
    this.pages = await transformPages(this.content, this.checked, new Diagnostics(), {
      highlighter: this.highlighter,
      cache: this.cache,
      compile: compileOnThreads,
    });
    if (reloadApis || this.apis.size === 0) {
      this.apis = new Map();
      for (const [version, file] of this.content.openapiFiles) {
        const api = await loadOpenApi(this.root, file, version, diagnostics, this.cache);
        if (api) this.apis.set(version, api);
      }
    }
    // The "operation without a page" findings need every page; the rest is per page.
    const apiDiagnostics = new Diagnostics();
    checkApiPages(this.pages, this.apis, apiDiagnostics, this.cache);
    this.siteDiagnostics = [...diagnostics.items, ...apiDiagnostics.items.filter((d) => d.code === 'operation-without-page')];
    this.pageChecks = new Map();
    this.checkPages(this.pages);
    this.lastUpdated = await lastUpdatedTimes(this.root);

    const errors = this.errorFiles();
    const present = new Set(this.content.pages.map((p) => p.file));
    for (const file of this.served.keys()) if (!present.has(file)) this.served.delete(file);
    const heldBack: string[] = [];
    for (const p of this.pages) {
      // A page whose frontmatter has errors is checked, never served (it has no title to show).
      if (p.frontmatterValid && (!errors.has(p.src.file) || !this.served.has(p.src.file))) this.served.set(p.src.file, p);
      else if (this.served.has(p.src.file)) heldBack.push(p.path);
    }
    if (this.checked.site && this.checked.ui.ru && this.checked.ui.en) this.assemble();

    const changed = [...this.pageJson.entries()].filter(([url, json]) => before.get(url) !== json).map(([url]) => this.pathOfUrl(url));
    const touched = new Set(changed);
    return {
      version: ++this.version,
      changed: changed.filter((p): p is string => Boolean(p)),
      manifestChanged: this.manifest !== null && manifestBefore !== this.manifestText(),
      scope: 'site',
      diagnostics: this.diagnostics().filter((d) => d.severity === 'error' || touched.has(this.pathOfFile(d.file) ?? '')),
      heldBack,
      ms: Math.round(performance.now() - started),
    };
  }

  private assemble(): void {
    const site = this.checked.site!;
    const pages = [...this.served.values()];
    const operations = new Map<TransformedPage, Partial<Record<LocaleCode, ApiOperation>>>();
    const changes = releaseNotesByPage(pages);
    for (const p of pages) {
      const found = this.ops.get(p.src.file);
      if (!found) continue;
      const view = operationView(found.api, found.op, p.locale, `/api/${found.api.version}.yaml`);
      operations.set(p, { [p.locale]: { ...view, changes: changes.get(pageKey(p.locale, p.key)) ?? [] } });
    }
    const assembled = assembleSite({
      checked: { ...this.checked, site },
      ui: this.checked.ui as Record<LocaleCode, UiStrings>,
      pages,
      operations,
      // Counterpart findings are reported by validate; here only the links matter.
      counterparts: resolveCounterparts(pages, site, this.apis, new Diagnostics()),
      lastUpdated: this.lastUpdated,
      openapi: Object.fromEntries([...this.apis.keys()].map((v) => [v, `/api/${v}.yaml`])),
      css: ['/assets/code.css'],
      search: this.searchRefs ?? {},
      staticFiles: this.content.staticFiles,
      feeds: feedUrls(site),
    });
    // Dev URLs carry no content hash: an edited page keeps its URL, so the manifest stays as it was.
    const withDevData = (r: RouteEntry): RouteEntry => ('data' in r ? { ...r, data: devUrl(r.data) } : r);
    const manifest = assembled.manifest;
    // No service worker in the writers' preview: it would keep pages that are being edited.
    delete manifest.offline;
    for (const data of Object.values(manifest.locales)) if (data) data.chunks = data.chunks.map((c) => ({ ...c, url: devUrl(c.url) }));
    if (!this.analytics) manifest.site = { ...manifest.site, analytics: { provider: 'none' } };
    this.manifest = manifest;
    this.chunks.clear();
    for (const [url, chunk] of assembled.chunks) {
      const routes = chunk.routes.map(withDevData);
      this.chunks.set(
        devUrl(url),
        (chunk.kind === 'blog' ? { ...chunk, routes } : { ...chunk, routes, items: mapPartUrls(chunk.items, devUrl) }) as ManifestChunk,
      );
    }
    this.chunksOfRoute.clear();
    for (const [path, urls] of assembled.chunksOfRoute) this.chunksOfRoute.set(path, urls.map(devUrl));
    this.routes = assembled.routes.map(withDevData);
    this.pageJson.clear();
    this.pageData.clear();
    this.dataUrlOf.clear();
    for (const [url, data] of assembled.pageData) {
      const stable = devUrl(url);
      this.pageData.set(stable, data);
      this.pageJson.set(stable, assembled.pageJson.get(url)!);
      this.dataUrlOf.set(data.path, stable);
    }
  }

  // ---------------------------------------------------------------- one page

  /** A body edit of pages that exist: recompile and re-check them alone. Null when the edit needs the whole pipeline. */
  private async pageEdit(files: string[]): Promise<SiteUpdate | null> {
    const started = performance.now();
    const edits: { index: number; page: Page }[] = [];
    for (const abs of files) {
      const index = this.checked.pages.findIndex((p) => p.src.absPath === abs);
      const old = this.checked.pages[index];
      if (!old) return null;
      const loadDiagnostics = new Diagnostics();
      const src = loadPage(this.root, this.content.contentDir, abs, loadDiagnostics);
      if (src?.source === old.src.source) continue;
      if (!this.served.has(old.src.file) || this.served.get(old.src.file) !== this.pages.find((p) => p.src.file === old.src.file))
        return null;
      if (!src || loadDiagnostics.items.length || frontmatterText(src.source) !== frontmatterText(old.src.source)) return null;
      edits.push({ index, page: { ...old, src } });
    }
    // The watcher reports a file once per event it sees; a text that did not change is no update.
    if (!edits.length)
      return { version: this.version, changed: [], manifestChanged: false, scope: 'page', diagnostics: [], heldBack: [], ms: 0 };
    for (const { index, page } of edits) {
      this.checked.pages[index] = page;
      const at = this.content.pages.findIndex((p) => p.file === page.src.file);
      if (at >= 0) this.content.pages[at] = page.src;
    }
    const only = new Set(edits.map((e) => e.page.src.file));
    const compiled = await transformPages(this.content, this.checked, new Diagnostics(), {
      highlighter: this.highlighter,
      cache: this.cache,
      only,
    });
    const idsChanged = new Set<string>();
    for (const tp of compiled) {
      const i = this.pages.findIndex((p) => p.src.file === tp.src.file);
      if (this.pages[i]!.compiled.headingIds.join('\n') !== tp.compiled.headingIds.join('\n')) idsChanged.add(tp.key);
      this.pages[i] = tp;
    }
    // Re-check the edited pages' translation groups, and the pages that link to them when their headings changed.
    const keys = new Set(compiled.map((p) => p.key));
    const affected = this.pages.filter(
      (p) => keys.has(p.key) || (idsChanged.size > 0 && p.compiled.links.some((l) => l.key !== null && idsChanged.has(l.key))),
    );
    this.checkPages(affected);

    const errors = this.errorFiles();
    const changed: string[] = [];
    const heldBack: string[] = [];
    for (const tp of compiled) {
      if (errors.has(tp.src.file)) {
        heldBack.push(tp.path);
        continue;
      }
      this.served.set(tp.src.file, tp);
      const url = this.dataUrlOf.get(tp.path);
      const old = url ? this.pageData.get(url) : undefined;
      if (!url || !old) return this.fullPass(false);
      // The frontmatter is unchanged, so only what the body gives changes: assembleSite's other fields stay.
      const data: PageData = {
        ...old,
        toc: tp.compiled.toc,
        body: JSON.parse(tp.compiled.body) as PageData['body'],
        lastUpdated: this.lastUpdated(tp.src.file),
      };
      const json = JSON.stringify(data);
      if (json === this.pageJson.get(url)) continue;
      this.pageData.set(url, data);
      this.pageJson.set(url, json);
      changed.push(tp.path);
    }
    const touched = new Set(affected.map((p) => p.src.file));
    return {
      version: ++this.version,
      changed,
      manifestChanged: false,
      scope: 'page',
      diagnostics: this.diagnostics().filter((d) => touched.has(d.file)),
      heldBack,
      ms: Math.round(performance.now() - started),
    };
  }

  /** The checks that look at a page and its neighbours: translation pair, links, API examples, translation mark. */
  private checkPages(pages: readonly TransformedPage[]): void {
    const diagnostics = new Diagnostics();
    checkTranslationPairs(pages, diagnostics);
    checkLinks(pages, this.checked.routeKeys, diagnostics, this.pages);
    const resolved = checkApiPages(pages, this.apis, diagnostics, this.cache, { reportUnused: false });
    for (const p of pages) this.ops.delete(p.src.file);
    for (const [p, found] of resolved) this.ops.set(p.src.file, found);
    checkTranslationMarks(pages, diagnostics);
    const found = byFileOf(diagnostics.items);
    for (const p of pages) this.pageChecks.set(p.src.file, found.get(p.src.file) ?? []);
  }

  private errorFiles(): Set<string> {
    return new Set(
      this.diagnostics()
        .filter((d) => d.severity === 'error')
        .map((d) => d.file),
    );
  }

  /** The shell and every chunk, as one text: what `manifestChanged` compares. */
  private manifestText(): string {
    return JSON.stringify([this.manifest, [...this.chunks]]);
  }

  private pathOfUrl(url: string): string | undefined {
    return this.pageData.get(url)?.path;
  }

  private pathOfFile(file: string): string | undefined {
    return this.content.pages.find((p) => p.file === file)?.route.path;
  }
}
