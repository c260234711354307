import type { LocaleCode, SiteConfig } from '@vitrina-docs/schemas';

/**
 * The fixed paths of a published site that several stages name: the manifest assembles them,
 * the HTML and the service worker are written at them, the servers answer them.
 */

/** Where the site serves its service worker: at the root, so that its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/** The manifest shell's URL, the one file of the app shell without a hash in its name. */
export const MANIFEST_PATH = '/manifest.json';

/** The app shell of a locale (`/offline.html`, `/en/offline.html`): the document every page gets offline. */
export function offlinePageUrl(locale: LocaleCode, defaultLocale: LocaleCode): string {
  return locale === defaultLocale ? '/offline.html' : `/${locale}/offline.html`;
}

/** The blog feeds of each locale: `/blog/rss.xml`, `/en/blog/atom.xml` … */
export function feedUrls(site: SiteConfig): Partial<Record<LocaleCode, { rss: string; atom: string }>> {
  const prefix = (code: string) => (code === site.defaultLocale ? '' : `/${code}`);
  return Object.fromEntries(
    site.locales.map((l) => [l.code, { rss: `${prefix(l.code)}/blog/rss.xml`, atom: `${prefix(l.code)}/blog/atom.xml` }]),
  );
}
