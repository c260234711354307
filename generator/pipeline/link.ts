import { withLocale } from '../../renderer/shared/paths.ts';
import type { Diagnostics } from '../diagnostics.ts';
import type { TransformedPage } from './transform.ts';

/** Stage 4: every `#anchor` resolves to a heading id of its target page, in the linking page's locale. */
export function checkAnchors(pages: readonly TransformedPage[], diagnostics: Diagnostics, all: readonly TransformedPage[] = pages): void {
  const byPath = new Map(all.map((p) => [p.path, p]));
  for (const page of pages) {
    const own = new Set(page.compiled.headingIds);
    for (const link of page.compiled.links) {
      if (!link.hash || link.hash.startsWith('user-content-')) continue;
      const target = link.key === null ? page : byPath.get(withLocale(link.key, page.locale));
      if (!target) continue; // home, search, blog lists: no heading ids to check
      const ids = target === page ? own : new Set(target.compiled.headingIds);
      if (!ids.has(decodeURIComponent(link.hash))) {
        const pos = link.position?.start;
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
