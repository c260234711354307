/**
 * The sidebar of the shown section, in the selected version: collapsible categories (a folded
 * one's pages are drawn when it opens), the current page marked with aria-current and scrolled
 * into view (inside the sidebar only).
 */
import { useEffect, useRef, useState } from 'react';
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

function Group({ group, current, trail }: { group: SidebarGroup; current: string; trail: Set<SidebarGroup> }) {
  const ui = useUi();
  const inside = trail.has(group);
  const [open, setOpen] = useState(inside || !group.collapsed);
  useEffect(() => {
    if (inside) setOpen(true);
  }, [inside]);
  const toggleLabel = fill(ui.sidebar.toggleGroup, { label: group.label });
  return (
    <li className={`sidebar-group ${open ? 'is-open' : ''}`}>
      <div className="sidebar-group-head">
        {group.path ? (
          <>
            <Link href={group.path} aria-current={group.path === current ? 'page' : undefined}>
              {group.label}
            </Link>
            <button type="button" className="sidebar-toggle" aria-expanded={open} aria-label={toggleLabel} onClick={() => setOpen(!open)}>
              <Icon name="chevron" />
            </button>
          </>
        ) : (
          <button type="button" className="sidebar-toggle sidebar-group-label" aria-expanded={open} onClick={() => setOpen(!open)}>
            <span>{group.label}</span>
            <Icon name="chevron" />
          </button>
        )}
      </div>
      {/* A folded category's pages are drawn when it is opened: a page carries the sidebar it shows,
          not every page of its section (which grows with the site). */}
      {open ? <Items items={group.items} current={current} trail={trail} /> : null}
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

export function Sidebar({ items, current }: { items: SidebarItem[]; current: string }) {
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
      <Items items={items} current={current} trail={trailTo(items, current) ?? new Set()} />
    </nav>
  );
}
