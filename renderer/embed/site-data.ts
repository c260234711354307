/**
 * The data of a built documentation site, for an app that embeds its pages: the manifest, the
 * route and page JSON of a path, the UI strings of a locale, the stylesheets the build made (code
 * highlighting), and an href resolver that sends links to pages the host shows to the host's
 * routes and everything else to the documentation site.
 */
import type { LocaleCode, Manifest, ManifestChunk, PageData, RouteEntry, UiStrings } from '@vitrina-docs/schemas';
import { canonicalPath, splitHash } from '@vitrina-docs/schemas/paths';
import { resolveLoading, SiteRoutes } from '../shared/site-routes.ts';
import { siteRoot, urlInSite } from './site-url.ts';

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
  /**
   * Whether a path is a page of one of the site's doc sidebars (`/docs/mobile/…`), redirects
   * followed; known without loading anything, and the same before and after its chunk is loaded.
   */
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
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    // A network failure, or a site on another origin that does not allow this one (CORS).
    throw new Error(`could not fetch ${url}: ${(error as Error).message} (is the site up, and served with Access-Control-Allow-Origin?)`, {
      cause: error,
    });
  }
  if (!response.ok) throw new Error(`could not fetch ${url}: HTTP ${response.status}`);
  try {
    return await response.json();
  } catch (error) {
    throw new Error(`${url} is not JSON: ${(error as Error).message}`, { cause: error });
  }
};

/**
 * Loads the manifest of the site at `siteUrl` (e.g. https://docs.vitrina.example, or "" for the
 * host's own origin). Rejects with an Error that says which URL failed and why; every URL the
 * manifest names is resolved against the site and refused when it leads elsewhere.
 */
export async function loadSiteData(siteUrl: string, fetchJson: FetchJson = defaultFetchJson): Promise<SiteData> {
  const root = siteRoot(siteUrl);
  const base = siteUrl.replace(/\/+$/, '');
  const manifest = await fetchJson<Manifest>(urlInSite(root, '/manifest.json', 'manifest.json'));
  if (!manifest || typeof manifest !== 'object' || !manifest.locales || !manifest.assets) {
    throw new Error(`${urlInSite(root, '/manifest.json', 'manifest.json')} is not the manifest of a vitrina-docs site`);
  }
  const stylesheets = manifest.assets.css.map((href, i) => urlInSite(root, href, `assets.css[${i}]`));
  const routes = new SiteRoutes(manifest);
  const chunks = new Map<string, Promise<void>>();
  const clean = (path: string) => canonicalPath(splitHash(path).path.split('?')[0] ?? '/');
  const load = (url: string) => {
    let loading = chunks.get(url);
    if (!loading) {
      loading = Promise.resolve()
        .then(() => fetchJson<ManifestChunk>(urlInSite(root, url, `the chunk ${url}`)))
        .then((chunk) => routes.add(url, chunk));
      // A failed chunk is fetched again next time.
      loading.catch(() => chunks.delete(url));
      chunks.set(url, loading);
    }
    return loading;
  };
  const resolve = async (path: string): Promise<RouteEntry | null> => {
    const r = await resolveLoading(routes, clean(path), (ref) => load(ref.url));
    return r.status === 'found' ? r.route : null;
  };
  const isSidebarPath = (p: string) => routes.candidates(p).some((ref) => ref.kind === 'sidebar' || ref.kind === 'part');
  return {
    manifest,
    siteUrl: base,
    route(path) {
      const r = routes.resolve(clean(path));
      return r.status === 'found' ? r.route : null;
    },
    resolve,
    isDoc(path) {
      let p = clean(path);
      for (let hops = 0; hops < 5; hops++) {
        const route = routes.get(p);
        if (!route) return isSidebarPath(p);
        if (route.kind !== 'redirect') return route.kind === 'doc';
        p = canonicalPath(route.to);
      }
      return false;
    },
    async page(path) {
      const r = await resolve(path);
      return r && (r.kind === 'doc' || r.kind === 'blog-post') ? fetchJson<PageData>(urlInSite(root, r.data, `the page ${r.path}`)) : null;
    },
    ui(locale) {
      const data = manifest.locales[locale] ?? manifest.locales[manifest.defaultLocale];
      if (!data) throw new Error(`the site has no locale ${locale}`);
      return data.ui;
    },
    stylesheets,
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
