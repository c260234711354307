import type { LocaleCode, SearchResult, SidebarId } from '@vitrina-docs/schemas';
import { openSearch } from '@vitrina-docs/search';
import { folderSource } from '@vitrina-docs/search/node';

/**
 * `vitrina-docs query`: the search runtime over a built site's folder, as a chatbot uses it.
 * The locale follows the query's script unless it is given.
 */
export async function queryBuiltSite(
  dist: string,
  text: string,
  opts: { locale?: LocaleCode; limit: number; sidebar: SidebarId | null; version: string | null },
): Promise<SearchResult[]> {
  const search = await openSearch({ site: folderSource(dist) });
  return search.search(text, { locale: opts.locale, limit: opts.limit, sidebar: opts.sidebar, version: opts.version });
}
