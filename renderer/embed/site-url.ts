/**
 * The URLs a built site's manifest names (chunks, page JSON, stylesheets), resolved with the URL
 * API against the site's address: a URL that would leave the site (another origin, a path above
 * the site's folder) is refused, so that a hostile or broken manifest cannot send the host
 * app's fetches or stylesheets anywhere else.
 */

/** The site's address as a folder URL (`https://docs.example/` or `https://example.com/docs/`). */
export function siteRoot(siteUrl: string, here: string | undefined = globalThis.location?.href): URL {
  const folder = siteUrl.replace(/\/*$/, '/');
  try {
    return new URL(folder, here);
  } catch {
    throw new Error(`loadSiteData: "${siteUrl}" is not a URL (give the site's address, e.g. https://docs.example, or "" for this origin)`);
  }
}

/**
 * The absolute URL of a path the manifest names (`/data/en/….json`), under the site's root;
 * an error naming the manifest's field when it leads outside the site.
 */
export function urlInSite(root: URL, path: unknown, field: string): string {
  if (typeof path !== 'string' || path === '') throw new Error(`the site's manifest names no URL at ${field}`);
  // Paths of the manifest are the site's own ("/data/…"): relative to the site's folder.
  const url = new URL(path.startsWith('/') ? `.${path}` : path, root);
  if (url.origin !== root.origin || !url.href.startsWith(root.href)) {
    throw new Error(`the site's manifest names a URL outside ${root.href} at ${field}: "${path}"`);
  }
  return url.href;
}
