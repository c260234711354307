import { withLocale } from '@vitrina-docs/schemas/paths';
import type { Diagnostics } from '../diagnostics.ts';
import type { TransformedPage } from './transform.ts';

/** A URL fragment decoded (`%D0%B0` → `а`), or as written when it does not decode. */
function decodedHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/**
 * Stage 4: every internal link leads to a route, and every `#anchor` to a heading id of its
 * target page in the linking page's locale. `all` holds the pages whose ids are known (for a
 * partial check, more pages than those checked).
 */
export function checkLinks(
  pages: readonly TransformedPage[],
  routeKeys: ReadonlySet<string>,
  diagnostics: Diagnostics,
  all: readonly TransformedPage[] = pages,
): void {
  const byPath = new Map(all.map((p) => [p.path, p]));
  for (const page of pages) {
    const own = new Set(page.compiled.headingIds);
    for (const link of page.compiled.links) {
      const pos = link.position?.start;
      if (link.key !== null && !routeKeys.has(link.key)) {
        diagnostics.error(page.src.file, pos?.line ?? 1, pos?.column ?? 1, 'broken-link', `link to "${link.key}": no such page`);
        continue;
      }
      if (!link.hash || link.hash.startsWith('user-content-')) continue;
      const target = link.key === null ? page : byPath.get(withLocale(link.key, page.locale));
      if (!target) continue; // home, search, blog lists: no heading ids to check
      const ids = target === page ? own : new Set(target.compiled.headingIds);
      if (!ids.has(decodedHash(link.hash))) {
        diagnostics.error(
          page.src.file,
          pos?.line ?? 1,
          pos?.column ?? 1,
          'broken-anchor',
          `#${link.hash} is not a heading id of ${target.path}${ids.size ? ` (ids: ${[...ids].slice(0, 8).join(', ')}${ids.size > 8 ? ', …' : ''})` : ''}`,
        );
      }
    }
  }
}
