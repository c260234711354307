/**
 * /search?q=…&sidebar=…: the results, best first, grouped by section; a section filter, the
 * count, and more results on request. The query lives in the address (shareable; edits
 * replace the history entry).
 */
import { useEffect, useState } from 'react';
import type { SidebarId } from '@vitrina-docs/schemas';
import { useSite } from '../app/site-context.ts';
import { Link } from '../components/Link.tsx';
import { useUi } from '../components/ui-context.ts';
import { Highlighted } from '../search/Highlighted.tsx';
import { useSearchEngine } from '../search/useSearchEngine.ts';
import { useSearchResults } from '../search/useSearchResults.ts';
import { useOfflineSearch } from '../offline/offline-status.ts';
import { fill } from '../shared/format.ts';

/** Results shown at first, and added by each "show more". */
const BATCH = 30;

function searchString(q: string, sidebar: string): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (sidebar) params.set('sidebar', sidebar);
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function SearchView() {
  const ui = useUi();
  const { state, data, router } = useSite();
  const params = new URLSearchParams(state.location.search);
  const query = params.get('q') ?? '';
  const sidebar = params.get('sidebar') ?? '';
  const [text, setText] = useState(query);
  const [shown, setShown] = useState({ key: '', count: BATCH });
  const { status, engine, start } = useSearchEngine(data.search);
  useEffect(start, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setText(query), [query]);

  const update = (q: string, s: string) => router.setSearch(searchString(q, s));
  const q = query.trim();
  const key = `${sidebar}\u0000${q}`;
  const count = shown.key === key ? shown.count : BATCH;
  const within = useOfflineSearch(state.manifest.offline?.sidebars);
  const results = useSearchResults(engine, q, { sidebar: (sidebar || null) as SidebarId | null, within }, count);
  const hits = results.page?.hits ?? [];
  const total = results.page?.total ?? 0;
  const nothing = Boolean(engine && q && results.current && results.page && total === 0);
  const [suggestion, setSuggestion] = useState<{ query: string; text: string | null } | null>(null);
  useEffect(() => {
    if (!engine || !nothing) return;
    let live = true;
    engine.suggest(q).then(
      (text) => live && setSuggestion({ query: q, text }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [engine, q, nothing]);
  const didYouMean = nothing && suggestion?.query === q ? suggestion.text : null;
  const groups = [
    ...data.navbar.map((n) => ({ key: n.sidebar as string, label: n.label, hits: hits.filter((h) => h.doc.sidebar === n.sidebar) })),
    { key: 'blog', label: ui.blog.title, hits: hits.filter((h) => h.doc.sidebar === null) },
  ].filter((g) => g.hits.length);

  return (
    <div className="search-page">
      <h1>{ui.search.title}</h1>
      <form role="search" aria-label={ui.search.title} className="search-form" onSubmit={(e) => e.preventDefault()}>
        <input
          type="search"
          name="q"
          aria-label={ui.search.label}
          placeholder={ui.search.placeholder}
          value={text}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
            update(e.target.value, sidebar);
          }}
        />
        <label className="search-filter">
          <span>{ui.search.filterLabel}</span>
          <select name="sidebar" value={sidebar} onChange={(e) => update(text, e.target.value)}>
            <option value="">{ui.search.allSections}</option>
            {data.navbar.map((n) => (
              <option key={n.sidebar} value={n.sidebar}>
                {n.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      {within && <p className="search-offline">{ui.offline.searchNote}</p>}
      <p className="search-count" aria-live="polite">
        {!q
          ? ''
          : status === 'failed' || results.failed
            ? ui.search.failed
            : !engine || !results.page
              ? ui.search.loading
              : total
                ? fill(ui.search.resultsCount, { count: total })
                : results.current
                  ? fill(ui.search.noResults, { query: q })
                  : ui.search.loading}
      </p>
      {didYouMean && (
        <p className="search-suggestion">
          {ui.search.didYouMean.split('{query}').map((part, i) => (
            <span key={i}>
              {i > 0 && <Link href={`${state.location.path}${searchString(didYouMean, sidebar)}`}>{didYouMean}</Link>}
              {part}
            </span>
          ))}
        </p>
      )}
      {groups.map((group) => (
        <section key={group.key} className="search-group" aria-labelledby={`vd-group-${group.key}`}>
          <h2 id={`vd-group-${group.key}`}>{group.label}</h2>
          <ul className="search-results">
            {group.hits.map((hit) => (
              <li key={hit.doc.id}>
                <Link href={hit.doc.url} className="result-title">
                  {hit.doc.title}
                  {hit.doc.heading && <span className="hit-heading"> › {hit.doc.heading}</span>}
                </Link>
                <p className="result-breadcrumbs">{hit.doc.breadcrumbs}</p>
                <p className="result-snippet">
                  <Highlighted text={hit.snippet} ranges={hit.highlights} />
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {results.current && total > hits.length && (
        <button type="button" className="button search-more" onClick={() => setShown({ key, count: count + BATCH })}>
          {ui.search.showMore}
        </button>
      )}
    </div>
  );
}
