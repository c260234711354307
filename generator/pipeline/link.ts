import { dirname, posix } from 'node:path';
import { withLocale } from '@vitrina-docs/schemas/paths';
import type { Diagnostics } from '../diagnostics.ts';
import type { CollectedLink } from '../markdown/remark-links.ts';
import { closestNames, didYouMean } from '../suggest.ts';
import type { TransformedPage } from './transform.ts';

/** A URL fragment decoded (`%D0%B0` → `а`), or as written when it does not decode. */
function decodedHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** `./start.md` written in content/docs/a/b.ru.md for the route /docs/a/start. */
function relativeLinkTo(fromRel: string, key: string): string {
  const rel = posix.relative(dirname(fromRel), `${key.slice(1)}.md`);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** `link "./exports.md" leads to /docs/portal/exports`: the link as written, then what it means. */
function quoteLink(link: CollectedLink): string {
  const resolved = link.key === null ? null : link.key + (link.hash ? `#${link.hash}` : '');
  return `link "${link.url}"${resolved && resolved !== link.url ? ` leads to ${resolved}` : ''}`;
}

/** A nearby route, written as the writer wrote the link: a route, or a relative file path. */
function suggestRoute(page: TransformedPage, link: CollectedLink, routeKeys: ReadonlySet<string>): string {
  const relative = !link.url.startsWith('/');
  const hash = link.hash ? `#${link.hash}` : '';
  return didYouMean(link.key!, routeKeys, {
    show: (key) => (relative ? `"${relativeLinkTo(page.src.rel, key)}${hash}" (${key})` : `"${key}${hash}"`),
  });
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
      const at = [page.src.file, pos?.line ?? 1, pos?.column ?? 1] as const;
      if (link.key !== null && !routeKeys.has(link.key)) {
        diagnostics.error(...at, 'broken-link', `${quoteLink(link)}: no such page${suggestRoute(page, link, routeKeys)}`);
        continue;
      }
      if (!link.hash || link.hash.startsWith('user-content-')) continue;
      const target = link.key === null ? page : byPath.get(withLocale(link.key, page.locale));
      if (!target) continue; // home, search, blog lists: no heading ids to check
      const ids = target === page ? own : new Set(target.compiled.headingIds);
      const hash = decodedHash(link.hash);
      if (ids.has(hash)) continue;
      const near = closestNames(hash, ids);
      const hint = near.length
        ? ` (did you mean ${near.map((id) => `#${id}`).join(' or ')}?)`
        : ids.size
          ? ` (its ids: ${[...ids].slice(0, 8).join(', ')}${ids.size > 8 ? ', …' : ''})`
          : ' (it has no headings)';
      diagnostics.error(...at, 'broken-anchor', `${quoteLink(link)}: #${hash} is not a heading id of ${target.path}${hint}`);
    }
  }
}
