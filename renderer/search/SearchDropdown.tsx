/**
 * The results under the navbar search box (a separate chunk, loaded when the box gets focus):
 * top 8 hits with title, section heading and highlighted snippet; arrow keys move, Enter opens.
 */
import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import type { SearchShardRef, SidebarId, UiStrings } from '@vitrina-docs/schemas';
import { useOfflineSearch } from '../offline/offline-status.ts';
import { fill } from '../shared/format.ts';
import { Highlighted } from './Highlighted.tsx';
import { useSearchEngine } from './useSearchEngine.ts';
import { useSearchResults } from './useSearchResults.ts';

const TOP = 8;

export interface SearchDropdownHandle {
  /** Arrow keys and Enter from the input; true when handled. */
  onKey(key: string): boolean;
}

export interface SearchDropdownProps {
  ref: Ref<SearchDropdownHandle>;
  id: string;
  query: string;
  shard: SearchShardRef | null;
  /** The sidebars kept offline: offline, the only ones searched. */
  offlineSidebars: readonly SidebarId[] | null;
  ui: UiStrings;
  allResults: string;
  onActive(id: string | undefined): void;
  go(href: string): void;
}

export default function SearchDropdown({ ref, id, query, shard, offlineSidebars, ui, allResults, onActive, go }: SearchDropdownProps) {
  const { status, engine, start } = useSearchEngine(shard);
  const [active, setActive] = useState(-1);
  useEffect(start, [shard]); // eslint-disable-line react-hooks/exhaustive-deps
  const q = query.trim();
  const within = useOfflineSearch(offlineSidebars);
  const results = useSearchResults(engine, q, { within }, TOP);
  const hits = results.page?.hits ?? [];
  const total = results.page?.total ?? 0;
  useEffect(() => setActive(-1), [q]);
  useEffect(() => onActive(active >= 0 && hits[active] ? `${id}-${active}` : undefined));
  useImperativeHandle(ref, () => ({
    onKey(key) {
      const n = hits.length;
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        if (n) setActive((a) => (key === 'ArrowDown' ? (a + 1) % n : (a - 1 + n) % n));
        return true;
      }
      const hit = hits[active];
      if (key === 'Enter' && hit) {
        go(hit.doc.url);
        return true;
      }
      return false;
    },
  }));
  return (
    <div className="search-dropdown">
      {within && <p className="search-offline">{ui.offline.searchNote}</p>}
      <ul role="listbox" id={id} aria-label={ui.search.label}>
        {hits.map((hit, i) => (
          <li
            key={hit.doc.id}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(hit.doc.url)}
            onMouseMove={() => setActive(i)}
          >
            <span className="hit-title">
              {hit.doc.title}
              {hit.doc.heading && <span className="hit-heading"> › {hit.doc.heading}</span>}
            </span>
            <span className="hit-snippet">
              <Highlighted text={hit.snippet} ranges={hit.highlights} />
            </span>
          </li>
        ))}
      </ul>
      <p className="search-status" aria-live="polite">
        {status === 'failed' || results.failed
          ? ui.search.failed
          : !engine || !results.page
            ? ui.search.loading
            : !hits.length && results.current
              ? fill(ui.search.noResults, { query: q })
              : null}
      </p>
      {total > 0 && (
        <a
          className="search-all"
          href={allResults}
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            e.preventDefault();
            go(allResults);
          }}
        >
          {fill(ui.search.seeAll, { count: total })}
        </a>
      )}
    </div>
  );
}
