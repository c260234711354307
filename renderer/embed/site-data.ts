/**
 * The data of a built documentation site, for an app that embeds its pages: the manifest, the
 * route and page JSON of a path, the UI strings of a locale, the stylesheets the build made (code
 * highlighting), and an href resolver that sends links to pages the host shows to the host's
 * routes and everything else to the documentation site.
 */
import type { LocaleCode, Manifest, ManifestChunk, PageData, RouteEntry, UiStrings } from '@vitrina-docs/schemas';
import { canonicalPath, splitHash } from '@vitrina-docs/schemas/paths';
import { resolveLoading, SiteRoutes } from '../shared/site-routes.ts';

export interface SiteData {
  /** The shell of the site's manifest (`/manifest.json`); the routes are in the chunks it names. */
  manifest: Manifest;
  /** Absolute URL of the site, as given to `loadSiteData`, without a trailing slash. */
  siteUrl: string;
  /**
   * The route of a site path (`/docs/mobile`, `/en/docs/mobile`), redirects followed, among the
   * routes known so far (the shell's, and those of the chunks `resolve` and `page` loaded); null otherwise.
   */
  route(path: string): RouteEntry | null;
  /** The route of a site path, loading the manifest chunk that holds it; null when the site has none there. */
  resolve(path: string): Promise<RouteEntry | null>;
  /** Whether a path is in one of the site's doc sidebars (`/docs/mobile/…`), known without loading anything. */
  isDoc(path: string): boolean;
  /** The page JSON of a site path; null when the site has no page there. */
  page(path: string): Promise<PageData | null>;
  /** The UI strings of a locale (labels of the API tables, the copy buttons, the table of contents). */
  ui(locale: LocaleCode): UiStrings;
  /** Absolute URLs of the stylesheets the build made (code highlighting): add them to the host's <head>. */
  stylesheets: string[];
}

type FetchJson = <T>(url: string) => Promise<T>;

const defaultFetchJson: FetchJson = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${url}`);
  return response.json();
};

/** Loads the manifest of the site at `siteUrl` (e.g. https://docs.vitrina.example, or "" for the host's own origin). */
export async function loadSiteData(siteUrl: string, fetchJson: FetchJson = defaultFetchJson): Promise<SiteData> {
  const base = siteUrl.replace(/\/+$/, '');
  const manifest = await fetchJson<Manifest>(`${base}/manifest.json`);
  const routes = new SiteRoutes(manifest);
  const chunks = new Map<string, Promise<void>>();
  const clean = (path: string) => canonicalPath(splitHash(path).path.split('?')[0] ?? '/');
  const load = (url: string) => {
    let loading = chunks.get(url);
    if (!loading) {
      loading = fetchJson<ManifestChunk>(`${base}${url}`).then((chunk) => routes.add(url, chunk));
      chunks.set(url, loading);
    }
    return loading;
  };
  const resolve = async (path: string): Promise<RouteEntry | null> => {
    const r = await resolveLoading(routes, clean(path), (ref) => load(ref.url));
    return r.status === 'found' ? r.route : null;
  };
  return {
    manifest,
    siteUrl: base,
    route(path) {
      const r = routes.resolve(clean(path));
      return r.status === 'found' ? r.route : null;
    },
    resolve,
    isDoc(path) {
      const p = clean(path);
      return !routes.get(p) && routes.candidates(p).some((ref) => ref.kind === 'sidebar' || ref.kind === 'part');
    },
    async page(path) {
      const r = await resolve(path);
      return r && (r.kind === 'doc' || r.kind === 'blog-post') ? fetchJson<PageData>(`${base}${r.data}`) : null;
    },
    ui(locale) {
      const data = manifest.locales[locale] ?? manifest.locales[manifest.defaultLocale];
      if (!data) throw new Error(`the site has no locale ${locale}`);
      return data.ui;
    },
    stylesheets: manifest.assets.css.map((href) => `${base}${href}`),
  };
}

export interface HrefResolverOptions {
  /** The host's path under which it shows the site's pages: `/help` shows `/docs/mobile` at `/help/docs/mobile`. */
  base: string;
  /** Which site paths the host shows (e.g. `(path) => site.route(path)?.kind === 'doc'`); default: all. */
  shows?: (path: string) => boolean;
  /** Where links to the other pages go: the documentation site's URL. */
  siteUrl?: string;
}

/** `resolveHref` for PageBody and DocPage: site page links → the host's routes, or → the documentation site. */
export function createHrefResolver({ base, shows = () => true, siteUrl = '' }: HrefResolverOptions): (href: string) => string {
  const prefix = base.replace(/\/+$/, '');
  const site = siteUrl.replace(/\/+$/, '');
  return (href) => {
    if (!href.startsWith('/') || href.startsWith('//')) return href;
    const { path } = splitHash(href);
    return shows(path.split('?')[0] ?? path) ? `${prefix}${href}` : `${site}${href}`;
  };
}
