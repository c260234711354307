/**
 * The navbar search box: `/` or Ctrl/Cmd+K focuses it, results drop down as you type (top 8),
 * arrow keys and Enter choose, Escape closes and gives the focus back. Without JavaScript it
 * is a plain form that opens /search?q=….
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSite } from '../app/site-context.ts';
import { Icon } from '../components/Icon.tsx';
import { useUi } from '../components/ui-context.ts';
import { fill } from '../shared/format.ts';
import { withLocale } from '../shared/paths.ts';
import { Highlighted } from './Highlighted.tsx';
import { loadSearchEngine } from './load-engine.ts';
import type { SearchEngine, SearchHit } from './search-api.ts';

const TOP = 8;

type Status = 'idle' | 'loading' | 'ready' | 'failed';

/** Loads the locale's engine on demand; `engine` is null until then. */
export function useSearchEngine(): { status: Status; engine: SearchEngine | null; start(): void } {
  const { data } = useSite();
  const shard = data.search;
  const [state, setState] = useState<{ key: string | null; status: Status; engine: SearchEngine | null }>({ key: null, status: 'idle', engine: null });
  const current = shard && state.key === shard.index ? state : { status: 'idle' as Status, engine: null };
  const start = () => {
    if (!shard || current.status === 'loading' || current.status === 'ready') return;
    setState({ key: shard.index, status: 'loading', engine: null });
    loadSearchEngine(shard).then(
      (engine) => setState({ key: shard.index, status: 'ready', engine }),
      () => setState({ key: shard.index, status: 'failed', engine: null }),
    );
  };
  return { status: shard ? current.status : 'failed', engine: current.engine, start };
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function SearchBox({ variant = 'navbar' }: { variant?: 'navbar' | 'hero' }) {
  const ui = useUi();
  const { router, state } = useSite();
  const { status, engine, start } = useSearchEngine();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const id = useId();
  const listId = `${id}-list`;
  const searchPath = withLocale('/search', state.locale);

  useEffect(() => {
    if (variant !== 'navbar') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const k = event.key.toLowerCase();
      if ((k === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !isTyping(event.target))) {
        event.preventDefault();
        returnFocus.current = document.activeElement as HTMLElement | null;
        input.current?.focus();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [variant]);

  const all: SearchHit[] = engine && query.trim() ? engine.search(query) : [];
  const hits = all.slice(0, TOP);
  const expanded = open && query.trim() !== '';

  const close = (refocus: boolean) => {
    setOpen(false);
    setActive(-1);
    if (refocus) {
      const back = returnFocus.current;
      returnFocus.current = null;
      if (back && back !== input.current && document.contains(back)) back.focus();
      else input.current?.blur();
    }
  };
  const go = (href: string) => {
    close(false);
    setQuery('');
    input.current?.blur();
    router.navigate(href);
  };
  const allResults = `${searchPath}?q=${encodeURIComponent(query.trim())}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const n = hits.length;
      if (n) setActive((a) => (event.key === 'ArrowDown' ? (a + 1) % n : (a - 1 + n) % n));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active];
      if (hit) go(hit.doc.url);
      else if (query.trim()) go(allResults);
    }
  };

  return (
    <form
      role="search"
      className={`search-box search-${variant}`}
      action={searchPath}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        if (query.trim()) go(allResults);
      }}
    >
      <Icon name="search" className="search-icon" />
      <input
        ref={input}
        type="search"
        name="q"
        role="combobox"
        aria-label={ui.search.label}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={ui.search.placeholder}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onFocus={() => {
          start();
          setOpen(true);
        }}
        onBlur={(e) => {
          if (!e.currentTarget.form?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(-1);
          setOpen(true);
          start();
        }}
        onKeyDown={onKeyDown}
      />
      {variant === 'navbar' && (
        <kbd className="search-shortcut" title={ui.search.shortcutHint} aria-hidden="true">
          /
        </kbd>
      )}
      <div className="search-dropdown" hidden={!expanded}>
        <ul role="listbox" id={listId} aria-label={ui.search.label}>
          {hits.map((hit, i) => (
            <li
              key={hit.doc.id}
              id={`${listId}-${i}`}
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
          {status === 'loading' || (status === 'idle' && query)
            ? ui.search.loading
            : status === 'failed'
              ? ui.search.failed
              : !hits.length
                ? fill(ui.search.noResults, { query: query.trim() })
                : null}
        </p>
        {all.length > 0 && (
          <a
            className="search-all"
            href={allResults}
            onMouseDown={(e) => e.preventDefault()}
            onClick={(e) => {
              e.preventDefault();
              go(allResults);
            }}
          >
            {fill(ui.search.seeAll, { count: all.length })}
          </a>
        )}
      </div>
    </form>
  );
}
