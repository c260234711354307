import type { LocaleCode, SearchShardRef } from '@vitrina-docs/schemas';
import type { SearchShards } from '../search/build-shards.ts';

/**
 * The dev server's URL for an output file: without the content hash the build puts in it
 * (`/data/ru/docs/a.0123456789.json` → `/data/ru/docs/a.json`), so that an edited page keeps
 * its URL and the manifest does not change. The dev server sends everything uncached.
 */
export function devUrl(url: string): string {
  return url.replace(/\.[0-9a-f]{10}(?=\.[^/]*$)/, '');
}

/** The search shards' references with dev URLs. */
export function devSearchRefs(shards: SearchShards): Partial<Record<LocaleCode, SearchShardRef>> {
  const out: Partial<Record<LocaleCode, SearchShardRef>> = {};
  for (const [locale, ref] of Object.entries(shards.refs) as [LocaleCode, SearchShardRef][]) {
    out[locale] = Object.fromEntries(
      Object.entries(ref).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('/') ? devUrl(v) : v]),
    ) as SearchShardRef;
  }
  return out;
}

/** The search files by their dev URL, and by their URL in the build (the entry names the others by it). */
export function devSearchFiles(shards: SearchShards): Map<string, string> {
  return new Map([...shards.files].flatMap(([path, data]) => [[devUrl(`/${path}`), data] as const, [`/${path}`, data] as const]));
}
