import type { PageLink } from '@vitrina-docs/schemas';
import { Link } from './Link.tsx';
import { useUi } from './ui-context.ts';

/** Previous and next page in the sidebar's reading order. */
export function Pagination({ prev, next }: { prev: PageLink | null; next: PageLink | null }) {
  const ui = useUi();
  if (!prev && !next) return null;
  return (
    <nav className="pagination" aria-label={ui.page.pagination}>
      {prev && (
        <Link href={prev.path} className="pagination-link prev" rel="prev" prefetch="visible">
          <span className="pagination-label">{ui.page.previous}</span>
          <span className="pagination-title">{prev.title}</span>
        </Link>
      )}
      {next && (
        <Link href={next.path} className="pagination-link next" rel="next" prefetch="visible">
          <span className="pagination-label">{ui.page.next}</span>
          <span className="pagination-title">{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
