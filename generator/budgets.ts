import type { BuildStats } from './build.ts';

/** Size budgets the build warns about (DESIGN.md, "Budgets"), in bytes before compression. */
export const SIZE_BUDGETS = {
  manifest: 600 * 1024,
  pageJson: 200 * 1024,
  /** A locale's search entry, fetched by the first search with a few postings and section files (budget: 100 KB gzip in all). */
  searchShard: 120 * 1024,
};

export function budgetWarnings(stats: BuildStats): string[] {
  const out: string[] = [];
  if (stats.bytes.manifest > SIZE_BUDGETS.manifest)
    out.push(`manifest.json is ${stats.bytes.manifest} bytes (budget ${SIZE_BUDGETS.manifest})`);
  if (stats.bytes.largestPage.bytes > SIZE_BUDGETS.pageJson)
    out.push(`${stats.bytes.largestPage.url} is ${stats.bytes.largestPage.bytes} bytes (budget ${SIZE_BUDGETS.pageJson})`);
  const perLocale = new Map<string, number>();
  for (const [path, bytes] of Object.entries(stats.bytes.shards)) {
    const locale = path.split('/')[1]?.split('.')[0] ?? path;
    perLocale.set(locale, (perLocale.get(locale) ?? 0) + bytes);
  }
  for (const [locale, bytes] of perLocale)
    if (bytes > SIZE_BUDGETS.searchShard) out.push(`search entry ${locale} is ${bytes} bytes (budget ${SIZE_BUDGETS.searchShard})`);
  return out;
}
