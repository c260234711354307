import { useEffect, useRef } from 'react';
import { useSite } from '../app/site-context.ts';
import type { VersionSelection } from '../hooks/useVersionSelection.ts';
import { useUi } from './ui-context.ts';

/**
 * The version of the shown versioned sidebar; switching goes to the counterpart page
 * (version-switch.ts). A choice made in the prerendered select before the app hydrated (hydration
 * keeps the option the reader picked but fires no change) is carried out once it has.
 */
export function VersionSelect({ selection }: { selection: VersionSelection }) {
  const ui = useUi();
  const { state, router } = useSite();
  const element = useRef<HTMLSelectElement>(null);
  const { info, version } = selection;
  const sidebar = state.route?.kind === 'doc' ? state.route.sidebar : null;
  // The version last asked for: a choice made while React hydrates reaches both the effect
  // below and, replayed by React, onChange; it is carried out once.
  const asked = useRef<string | null>(null);
  const onChange = (to: string) => {
    if (!sidebar || asked.current === to) return;
    asked.current = to;
    selection.select(to);
    void import('./version-switch.ts').then((m) => m.switchVersion(router, sidebar, to, ui));
  };
  useEffect(() => {
    const picked = element.current?.value;
    if (picked && version && picked !== version) onChange(picked);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  if (!info || !sidebar || !version) return null;
  return (
    <select
      ref={element}
      className="version-select"
      aria-label={ui.navbar.version}
      // No form restoration on history navigation: a restored option would read as a choice.
      autoComplete="off"
      value={version}
      onChange={(e) => onChange(e.target.value)}
    >
      {info.items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.label[state.locale] ?? `${item.id} (${item.legacy ? ui.versions.legacy : ui.versions.current})`}
        </option>
      ))}
    </select>
  );
}
