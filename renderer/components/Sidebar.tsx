/**
 * The sidebar of the shown section, in the selected version: collapsible categories (a folded
 * one's pages are drawn when it opens; a large one's are fetched then, from its part, or ahead
 * when the pointer or focus reaches its toggle), the current page marked with aria-current and
 * scrolled into view (inside the sidebar only).
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { SidebarGroup, SidebarItem } from '@vitrina-docs/schemas';
import { fill } from '../shared/format.ts';
import { Icon } from './Icon.tsx';
import { Link } from './Link.tsx';
import { useUi } from './ui-context.ts';

/** The groups on the way to the current page (they start open). */
function trailTo(items: SidebarItem[], current: string, trail: Set<SidebarGroup> = new Set()): Set<SidebarGroup> | null {
  for (const item of items) {
    if (item.type === 'link') {
      if (item.path === current) return trail;
    } else if (item.path === current || trailTo(item.items, current, trail.add(item))) {
      return trail.add(item);
    } else {
      trail.delete(item);
    }
  }
  return null;
}

/** Fetches a part of the tree (the sidebar then draws again with it); absent: parts are never fetched. */
const PartLoader = createContext<((url: string) => Promise<void>) | null>(null);

function Group({ group, current, trail }: { group: SidebarGroup; current: string; trail: Set<SidebarGroup> }) {
  const ui = useUi();
  const loadPart = useContext(PartLoader);
  const inside = trail.has(group);
  const [open, setOpen] = useState(inside || !group.collapsed);
  useEffect(() => {
    if (inside) setOpen(true);
  }, [inside]);
  // A part not loaded yet: its items arrive with it.
  const missing = group.part && group.items.length === 0 ? group.part.url : null;
  useEffect(() => {
    if (!open || !missing || !loadPart) return;
    // Unreachable (offline and not kept, say): the group folds again.
    loadPart(missing).catch(() => setOpen(false));
  }, [open, missing, loadPart]);
  const ahead = missing && loadPart ? () => void loadPart(missing).catch(() => {}) : undefined;
  const toggleLabel = fill(ui.sidebar.toggleGroup, { label: group.label });
  return (
    <li className={`sidebar-group ${open ? 'is-open' : ''}`}>
      <div className="sidebar-group-head">
        {group.path ? (
          <>
            <Link href={group.path} aria-current={group.path === current ? 'page' : undefined}>
              {group.label}
            </Link>
            <button
              type="button"
              className="sidebar-toggle"
              aria-expanded={open}
              aria-label={toggleLabel}
              onClick={() => setOpen(!open)}
              onPointerEnter={ahead}
              onFocus={ahead}
            >
              <Icon name="chevron" />
            </button>
          </>
        ) : (
          <button
            type="button"
            className="sidebar-toggle sidebar-group-label"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            onPointerEnter={ahead}
            onFocus={ahead}
          >
            <span>{group.label}</span>
            <Icon name="chevron" />
          </button>
        )}
      </div>
      {/* A folded category's pages are drawn when it is opened: a page carries the sidebar it shows,
          not every page of its section (which grows with the site). */}
      {open ? missing ? <ul aria-busy="true" /> : <Items items={group.items} current={current} trail={trail} /> : null}
    </li>
  );
}

function Items({ items, current, trail }: { items: SidebarItem[]; current: string; trail: Set<SidebarGroup> }) {
  return (
    <ul>
      {items.map((item, i) =>
        item.type === 'link' ? (
          <li key={item.path}>
            <Link href={item.path} aria-current={item.path === current ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ) : (
          <Group key={`${item.label}:${i}`} group={item} current={current} trail={trail} />
        ),
      )}
    </ul>
  );
}

export function Sidebar({
  items,
  current,
  loadPart = null,
}: {
  items: SidebarItem[];
  current: string;
  /** Fetches a part of the tree (`SidebarGroup.part`); the caller draws the sidebar again with it. */
  loadPart?: ((url: string) => Promise<void>) | null;
}) {
  const ui = useUi();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = ref.current?.closest<HTMLElement>('.drawer') ?? null;
    const link = ref.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !link) return;
    const top = link.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top > box.clientHeight - 40) box.scrollTop += top - box.clientHeight / 3;
  }, [current]);
  return (
    <nav className="sidebar" aria-label={ui.sidebar.label} ref={ref}>
      <PartLoader.Provider value={loadPart}>
        <Items items={items} current={current} trail={trailTo(items, current) ?? new Set()} />
      </PartLoader.Provider>
    </nav>
  );
}
