/**
 * What the not-found page offers: the same path in another locale when it exists there (a link
 * that lacks or carries the `/en` prefix), the known routes whose path is a small edit away from
 * the missing one (`visit/start` → `visits/start`), and the site's own search over the words of
 * the path. Loaded with the not-found view only.
 */
import type { LocaleCode, Manifest, RouteEntry } from '@vitrina-docs/schemas';
import { stripLocale, withLocale } from '@vitrina-docs/schemas/paths';
import type { Router } from '../router/router.ts';
import { loadSearchEngine } from '../search/load-engine.ts';

export interface Suggestion {
  path: string;
  title: string;
  /** Set when the page is in another locale than the reader's. */
  locale: LocaleCode | null;
}

const MAX = 6;

/** Edit distance of two strings (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** Routes of the locale whose key is within a few edits of the missing key, closest first. */
export function closeRoutes(key: string, routes: readonly RouteEntry[]): RouteEntry[] {
  const limit = Math.max(2, Math.floor(key.length / 6));
  return routes
    .filter((r) => r.kind !== 'redirect')
    .map((r) => ({ r, d: editDistance(key.toLowerCase(), r.key.toLowerCase()) }))
    .filter(({ d }) => d <= limit)
    .sort((a, b) => a.d - b.d || a.r.key.length - b.r.key.length)
    .map(({ r }) => r);
}

/** The words of a path worth searching for: no locale, no "docs", no version ids. */
export function pathWords(key: string, manifest: Manifest): string[] {
  const versions = new Set(Object.values(manifest.versions).flatMap((v) => v?.items.map((i) => i.id) ?? []));
  return key
    .split(/[/_\-.]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 1 && w !== 'docs' && w !== 'index' && !versions.has(w) && !/^\d+$/.test(w));
}

export async function suggestPages(input: { path: string; locale: LocaleCode; router: Router }): Promise<Suggestion[]> {
  const { path, locale, router } = input;
  const state = router.getState();
  const manifest = state.manifest;
  const key = stripLocale(path);
  const out: Suggestion[] = [];
  const add = (s: Suggestion) => {
    if (out.length < MAX && !out.some((o) => o.path === s.path) && s.path !== path) out.push(s);
  };
  // The same path in another locale.
  for (const code of Object.keys(manifest.locales) as LocaleCode[]) {
    if (code === locale) continue;
    const route = await router.findRoute(withLocale(key, code)).catch(() => null);
    if (route) add({ path: route.path, title: route.title, locale: route.locale === locale ? null : route.locale });
  }
  // The parts of the trees the failed lookup loaded whose folder is a small edit away from the
  // path's own (`ic3/visit/…` → `ic3/visits`): their routes are candidates too.
  for (const ref of [...router.getState().routes.partRefs()]) {
    const head = path.split('/').slice(0, ref.prefix.split('/').length).join('/');
    if (!router.getState().routes.has(ref.url) && editDistance(head, ref.prefix) <= 2) await router.loadPart(ref.url).catch(() => {});
  }
  // Close paths among the routes known now (the shell, the chunks the failed lookup loaded and those parts).
  const known = [
    ...(manifest.locales[locale]?.routes ?? []),
    ...router
      .getState()
      .routes.entries()
      .flatMap(([, chunk]) => chunk.routes),
  ].filter((r) => r.locale === locale);
  for (const r of closeRoutes(key, known)) add({ path: r.path, title: r.title, locale: null });
  // The site's search over the words of the path.
  const shard = manifest.locales[locale]?.search;
  const words = pathWords(key, manifest);
  if (shard && words.length) {
    const engine = await loadSearchEngine(shard).catch(() => null);
    if (engine) {
      let { hits } = await engine.load(words.join(' '), {}, MAX);
      if (!hits.length && words.length > 1) ({ hits } = await engine.load(words.slice(-2).join(' '), {}, MAX));
      for (const hit of hits) add({ path: hit.doc.route, title: hit.doc.title, locale: null });
    }
  }
  return out;
}
