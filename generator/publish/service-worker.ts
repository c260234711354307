/**
 * Offline reading: the precache list of a build and its service worker script, `/sw.js`.
 *
 * The list names every file the offline sidebars need in each locale — the locale's app shell
 * document (`/offline.html`: the worker answers every page with it offline, and the app draws
 * the page from its JSON), the sidebars' manifest chunks (every version, with their parts), page
 * JSON, images and the search files over them — plus what every locale shares (the client's
 * scripts, the manifest shell). One shell instead of each page's prerendered HTML keeps the precache small:
 * a page's HTML carries the stylesheet and its JSON inline, 70 KB a page. Each entry carries the hash of the
 * content the build wrote: the worker refuses a file that differs (a deploy that changed under
 * it), so that it never keeps a mix of two builds. The script is the renderer's worker code
 * (renderer/offline/service-worker.ts) with this list in front of it, so that every deploy that
 * changes a file changes the script, and browsers install the new one in the background.
 */
import { createHash } from 'node:crypto';
import type { Element, Root, RootContent } from 'hast';
import type { LocaleCode, OfflinePrecache, PageData, PrecacheEntry, RouteEntry, SidebarId } from '@vitrina-docs/schemas';
import type { AssembledSite } from '../pipeline/assemble.ts';
import { MANIFEST_PATH, offlinePageUrl } from '../site-paths.ts';

/** A content-hashed URL (Vite's assets, `name.<hex hash>.json`): its content never changes. */
function hashedUrl(url: string): boolean {
  return url.startsWith('/assets/') || /\.[0-9a-f]{10,}\.[a-z]+$/.test(url);
}

/** Site paths of the images a page body shows (`src`, `srcSet`, a link to an image). */
export function imagesOf(page: PageData): string[] {
  const out = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')) out.add(value.split(/[?#]/)[0]!);
  };
  const visit = (node: Root | RootContent) => {
    if (node.type === 'element') {
      const { src, srcSet, href } = (node as Element).properties as Record<string, unknown>;
      add(src);
      for (const candidate of typeof srcSet === 'string' ? srcSet.split(',') : Array.isArray(srcSet) ? srcSet.map(String) : [])
        add(candidate.trim().split(/\s+/)[0]);
      if (typeof href === 'string' && /\.(?:svg|png|jpe?g|webp|avif|gif)$/i.test(href)) add(href);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(page.body as Root);
  return [...out];
}

/** A precache entry of a file: its hash as Subresource Integrity, and as the revision of a URL without a hash. */
export function precacheEntry(url: string, data: Buffer, hashed: boolean): PrecacheEntry {
  const digest = createHash('sha256').update(data).digest();
  return {
    url,
    revision: hashed ? null : digest.toString('hex').slice(0, 16),
    integrity: `sha256-${digest.toString('base64')}`,
    bytes: data.length,
  };
}

export interface PrecacheInput {
  site: AssembledSite;
  sidebars: readonly SidebarId[];
  /** The search files of each locale over the offline sidebars (entry, postings, their sections). */
  searchFiles: Partial<Record<LocaleCode, string[]>>;
  /** Site paths of the client's scripts. */
  scripts: string[];
  /** The content of an output file by its path (null: not written). */
  read: (file: string) => Buffer | null;
}

/** The precache list of a build (see the module comment). Files the build did not write are left out. */
export function precacheList(input: PrecacheInput): OfflinePrecache {
  const { site, sidebars } = input;
  const manifest = site.manifest;
  const entry = (url: string): PrecacheEntry | null => {
    const data = input.read(url.slice(1));
    return data ? precacheEntry(url, data, hashedUrl(url)) : null;
  };
  const entries = (urls: Iterable<string>) => [...new Set(urls)].flatMap((u) => entry(u) ?? []);

  const offline = (r: RouteEntry) => r.kind === 'doc' && sidebars.includes(r.sidebar);
  // The page data: kept by the build, or read back from the page JSON it wrote.
  const pageOf = (url: string): PageData | undefined => {
    const kept = site.pageData.get(url);
    if (kept) return kept;
    const written = input.read(url.slice(1));
    return written ? (JSON.parse(written.toString('utf8')) as PageData) : undefined;
  };
  const locales: OfflinePrecache['locales'] = {};
  for (const locale of Object.keys(manifest.locales) as LocaleCode[]) {
    const data = manifest.locales[locale]!;
    const routes = site.routes.filter((r) => r.locale === locale);
    const docs = routes.filter(offline);
    const pages = docs.flatMap((r) => {
      const page = r.kind === 'doc' ? pageOf(r.data) : undefined;
      return r.kind === 'doc' && page ? [{ data: r.data, images: imagesOf(page) }] : [];
    });
    const chunks = data.chunks.filter((c) => c.kind === 'sidebar' && c.sidebar !== null && sidebars.includes(c.sidebar)).map((c) => c.url);
    // The parts their trees name, so that every group opens offline.
    for (const [url, chunk] of site.chunks)
      if (chunk.kind === 'part' && chunk.locale === locale && sidebars.includes(chunk.sidebar)) chunks.push(url);
    const fallback = offlinePageUrl(locale, manifest.defaultLocale);
    locales[locale] = {
      fallback,
      entries: entries([
        fallback,
        ...chunks,
        ...pages.map((p) => p.data),
        ...pages.flatMap((p) => p.images),
        ...(input.searchFiles[locale] ?? []),
      ]),
    };
  }
  return {
    buildId: manifest.buildId,
    sidebars: [...sidebars],
    shared: entries([MANIFEST_PATH, ...input.scripts]),
    locales,
  };
}

/** The service worker script: the precache list, then the worker's code. */
export function serviceWorkerScript(precache: OfflinePrecache, code: string): string {
  const json = JSON.stringify(precache).replace(/</g, '\\u003c');
  return `self.__VITRINA_PRECACHE__=${json};\n${code}`;
}

/** The precache list inside a service worker script (for tools and the benchmark). */
export function readPrecache(script: string): OfflinePrecache {
  const match = /^self\.__VITRINA_PRECACHE__=(.*);$/m.exec(script);
  if (!match) throw new Error('the service worker script has no precache list');
  return JSON.parse(match[1]!) as OfflinePrecache;
}
