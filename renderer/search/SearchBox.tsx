/**
 * The search box: `/` or Ctrl/Cmd+K focuses the navbar one; results drop down as you type
 * (SearchDropdown, a chunk loaded on focus together with the engine); Escape closes and gives
 * the focus back. Without JavaScript it is a plain form that opens /search?q=….
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSite } from '../app/site-context.ts';
import { Icon } from '../components/Icon.tsx';
import { useUi } from '../components/ui-context.ts';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { loadSearchEngine } from './load-engine.ts';
import type { default as SearchDropdownView, SearchDropdownHandle } from './SearchDropdown.tsx';

type Dropdown = typeof SearchDropdownView;

/** A chunk that is gone (a redeploy) must not take the page down: the box then says search failed. */
const DropdownFailed: Dropdown = ({ ui }) => <p className="search-dropdown search-status">{ui.search.failed}</p>;

// The dropdown's chunk is loaded on focus and drawn once it is there. Not React.lazy: a Suspense
// boundary that resolves is revealed at the earliest 300 ms after its fallback showed, which
// would hold back the first results.
let dropdownChunk: Promise<Dropdown> | null = null;
let dropdownLoaded: Dropdown | null = null;
const loadDropdown = (): Promise<Dropdown> =>
  (dropdownChunk ??= import('./SearchDropdown.tsx').then(
    (m) => (dropdownLoaded = m.default),
    () => {
      dropdownChunk = null;
      return DropdownFailed;
    },
  ));

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function SearchBox({ variant = 'navbar' }: { variant?: 'navbar' | 'hero' }) {
  const ui = useUi();
  const { router, state, data } = useSite();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | undefined>();
  const [SearchDropdown, setDropdown] = useState<Dropdown | null>(() => dropdownLoaded);
  const input = useRef<HTMLInputElement>(null);
  const dropdown = useRef<SearchDropdownHandle>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const listId = `${useId()}-list`;
  const searchPath = withLocale('/search', state.locale);
  const allResults = `${searchPath}?q=${encodeURIComponent(query.trim())}`;

  useEffect(() => {
    if (variant !== 'navbar') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !isTyping(event.target))) {
        event.preventDefault();
        returnFocus.current = document.activeElement as HTMLElement | null;
        input.current?.focus();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [variant]);

  const prepare = () => {
    if (!SearchDropdown) void loadDropdown().then((d) => setDropdown(() => d));
    if (data.search) void loadSearchEngine(data.search).catch(() => {});
  };
  // What the reader did in the prerendered box before the app hydrated (on a slow phone, or a
  // page opened offline, seconds): the text typed is taken over and, if the box still has the
  // focus, searched at once, as if typed now (hydration keeps the text but tells no one).
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const focused = document.activeElement === box;
    if (box.value) setQuery(box.value);
    if (focused) {
      prepare();
      setOpen(true);
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const close = () => {
    setOpen(false);
    const back = returnFocus.current;
    returnFocus.current = null;
    if (back && back !== input.current && document.contains(back)) back.focus();
    else input.current?.blur();
  };
  const go = (href: string) => {
    setOpen(false);
    setQuery('');
    returnFocus.current = null;
    input.current?.blur();
    router.navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Enter') {
      event.preventDefault();
      setOpen(true);
      if (dropdown.current?.onKey(event.key)) return;
      if (event.key === 'Enter' && query.trim()) go(allResults);
    }
  };
  const expanded = open && query.trim() !== '';

  return (
    <form
      role={variant === 'navbar' ? 'search' : undefined}
      aria-label={variant === 'navbar' ? ui.search.label : undefined}
      className={`search-box search-${variant}`}
      action={searchPath}
      method="get"
      onSubmit={(e) => e.preventDefault()}
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
        aria-activedescendant={expanded ? activeId : undefined}
        placeholder={ui.search.placeholder}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onFocus={() => {
          prepare();
          setOpen(true);
        }}
        onBlur={(e) => {
          if (!e.currentTarget.form?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {variant === 'navbar' && (
        <kbd className="search-shortcut" title={ui.search.shortcutHint} aria-hidden="true">
          /
        </kbd>
      )}
      {expanded && SearchDropdown && (
        <SearchDropdown
          ref={dropdown}
          id={listId}
          query={query}
          shard={data.search}
          offlineSidebars={state.manifest.offline?.sidebars ?? null}
          ui={ui}
          allResults={allResults}
          onActive={setActiveId}
          go={go}
        />
      )}
    </form>
  );
}
