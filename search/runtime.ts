/**
 * The search runtime for other programs (a chatbot, a support tool), in Node or a browser: it
 * opens a published site's search — by its URL, or by any function that reads a site path (a
 * folder on disk: `folderSource` of `@vitrina-docs/search/node`) — and answers queries with the
 * site's own pipeline and ranking. Hits carry absolute URLs and the section text.
 *
 * ```js
 * const search = await openSearch({ site: 'https://docs.vitrina.example' });
 * const hits = await search.search('как начать визит', { limit: 3 });
 * ```
 */
import type { LocaleCode, Manifest, SearchResult, SidebarId } from '@vitrina-docs/schemas';
import { loadEngine, type Engine } from './engine.ts';
import type { LoadJson } from './loaded-index.ts';
import { LAYOUT_RETRY_BELOW, switchLayout, wordsKnown } from './query.ts';

export interface OpenSearchOptions {
  /** The site's base URL (`https://docs.vitrina.example`), or a function that reads a site path such as `/manifest.json`. */
  site: string | LoadJson;
  /** The fetch to use with a URL (default: the global fetch). */
  fetch?: typeof fetch;
}

export interface QueryOptions {
  /** The locale to search; by default the query's script chooses (Cyrillic: ru, else en). */
  locale?: LocaleCode;
  /** Number of hits (default 10). */
  limit?: number;
  /** Only this sidebar (mobile, portal, business, api, releases, support). */
  sidebar?: SidebarId | null;
  /** Only this version of its sidebar (ic2, v1), with that sidebar's pages that have no version. */
  version?: string | null;
}

/** The locale a query is written for: a Cyrillic letter means ru, anything else en (when the site has them). */
export function localeOfQuery(query: string, locales: readonly LocaleCode[]): LocaleCode {
  const wanted: LocaleCode = /[\u0400-\u04ff]/.test(query) ? 'ru' : 'en';
  return locales.includes(wanted) ? wanted : locales[0]!;
}

/** Reads site paths from a base URL with fetch. */
export function urlSource(base: string, fetchImpl: typeof fetch = fetch): LoadJson {
  const root = base.replace(/\/+$/, '');
  return async (path) => {
    const response = await fetchImpl(`${root}${path}`);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${root}${path}`);
    return (await response.json()) as unknown;
  };
}

export class SiteSearch {
  private readonly engines = new Map<LocaleCode, Promise<Engine>>();

  constructor(
    readonly manifest: Manifest,
    private readonly load: LoadJson,
  ) {}

  /** The site's locales that have a search index. */
  get locales(): LocaleCode[] {
    return (Object.keys(this.manifest.locales) as LocaleCode[]).filter((l) => this.manifest.locales[l]?.search);
  }

  /** The engine of a locale (its entry is loaded once). */
  engine(locale: LocaleCode): Promise<Engine> {
    let engine = this.engines.get(locale);
    if (!engine) {
      const ref = this.manifest.locales[locale]?.search;
      if (!ref) return Promise.reject(new Error(`the site has no search index for the locale "${locale}"`));
      engine = loadEngine(ref.entry, this.load);
      engine.catch(() => this.engines.delete(locale));
      this.engines.set(locale, engine);
    }
    return engine;
  }

  /** The best sections for a query, best first. */
  async search(query: string, options: QueryOptions = {}): Promise<SearchResult[]> {
    const filters = { sidebar: options.sidebar ?? null, version: options.version ?? null };
    const limit = options.limit ?? 10;
    const locale = options.locale ?? localeOfQuery(query, this.locales);
    let engine = await this.engine(locale);
    let page = await engine.load(query, filters, limit);
    // No locale given, and (almost) nothing found or some words known only through a typo: the
    // query may be typed in the other keyboard layout (`dbpbn` → `визит`, `сфтсуд` → `cancel`),
    // which is the other locale's script. The retyped query wins when more of its words are known.
    const retyped = options.locale ? null : switchLayout(query);
    const other = retyped ? localeOfQuery(retyped, this.locales) : locale;
    const plan = engine.plan(query);
    const known = wordsKnown(plan.clauses);
    const words = plan.clauses.reduce((n, c) => n + c.alternatives[0]!.tokens.length, 0);
    if (retyped && other !== locale && (page.total < LAYOUT_RETRY_BELOW || known < words)) {
      const otherEngine = await this.engine(other);
      const knowsMore = wordsKnown(otherEngine.plan(retyped).clauses) > known;
      if (page.total < LAYOUT_RETRY_BELOW || knowsMore) {
        const otherPage = await otherEngine.load(retyped, filters, limit);
        if (otherPage.total > (knowsMore ? 0 : page.total)) [engine, page] = [otherEngine, otherPage];
      }
    }
    const site = engine.index.entry.siteUrl;
    return page.hits.map(({ doc, score }) => {
      const version = engine.index.versionOfSection(Number(doc.id));
      return {
        url: `${site}${doc.url}`,
        route: doc.route,
        anchor: doc.anchor,
        title: doc.title,
        heading: doc.heading,
        breadcrumbs: doc.breadcrumbs,
        sidebar: doc.sidebar,
        version: doc.version,
        current: version?.current ?? true,
        text: doc.text,
        score: Math.round(score * 1000) / 1000,
      };
    });
  }

  /**
   * Every file a search of a locale may fetch (the entry, postings and section files), as site
   * paths; `sidebars` keeps the section files of those sidebars only (e.g. for an offline cache).
   */
  async files(locale: LocaleCode, filter: { sidebars?: readonly (SidebarId | null)[] } = {}): Promise<string[]> {
    const engine = await this.engine(locale);
    return [this.manifest.locales[locale]!.search!.entry, ...engine.index.files(filter)];
  }
}

/** Opens a published site's search (reads its manifest.json). */
export async function openSearch(options: OpenSearchOptions): Promise<SiteSearch> {
  const load = typeof options.site === 'string' ? urlSource(options.site, options.fetch) : options.site;
  const manifest = (await load('/manifest.json')) as Manifest;
  if (!manifest || typeof manifest !== 'object' || !manifest.locales) throw new Error('manifest.json of the site has no locales');
  return new SiteSearch(manifest, load);
}
