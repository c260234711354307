/**
 * The order the previous/next links follow through a sidebar: the sidebar's own, except in a
 * folder whose category says `pagination: reverse` (release notes, listed newest first), whose
 * pages read the other way, oldest to newest, so that "Next" goes forward in time. The folder's
 * own index page keeps its place before them.
 */
import type { PageLink } from '@vitrina-docs/schemas';

/**
 * `flat` is the sidebar in reading order (flattenSidebar); `reversedFolderOf` names, for a page
 * read in reverse, its folder (pages of one folder are reversed among themselves), else null.
 */
export function readingOrder(flat: readonly PageLink[], reversedFolderOf: (path: string) => string | null): PageLink[] {
  const out: PageLink[] = [];
  let run: PageLink[] = [];
  let runFolder: string | null = null;
  const flush = () => {
    out.push(...run.reverse());
    run = [];
  };
  for (const link of flat) {
    const folder = reversedFolderOf(link.path);
    if (folder === null || folder !== runFolder) flush();
    runFolder = folder;
    if (folder === null) out.push(link);
    else run.push(link);
  }
  flush();
  return out;
}
