import type { TocEntry } from '@vitrina-docs/schemas';
import { Link } from './Link.tsx';
import { useUi } from './ui-context.ts';

function TocList({ entries, active }: { entries: TocEntry[]; active: string | null }) {
  return (
    <ul className="toc-list">
      {entries.map((e) => (
        <li key={e.id} className={`toc-depth-${e.depth}`}>
          <Link
            href={`#${e.id}`}
            className={e.id === active ? 'is-active' : undefined}
            aria-current={e.id === active ? 'location' : undefined}
          >
            {e.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The table of contents beside the page (wide screens), highlighting the section being read. */
export function Toc({ entries, active }: { entries: TocEntry[]; active: string | null }) {
  const ui = useUi();
  if (!entries.length) return null;
  return (
    <nav className="toc" aria-labelledby="vd-toc-title">
      <p className="toc-title" id="vd-toc-title">
        {ui.toc.title}
      </p>
      <TocList entries={entries} active={active} />
    </nav>
  );
}

/** The same list folded under the title on phones. */
export function TocFold({ entries, active }: { entries: TocEntry[]; active: string | null }) {
  const ui = useUi();
  if (!entries.length) return null;
  return (
    <details className="toc-fold" onClick={(e) => (e.target as Element).closest('a') && e.currentTarget.removeAttribute('open')}>
      <summary>{ui.toc.title}</summary>
      <TocList entries={entries} active={active} />
    </details>
  );
}
