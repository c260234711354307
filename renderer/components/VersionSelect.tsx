import { useSite } from '../app/site-context.ts';
import type { VersionSelection } from '../hooks/useVersionSelection.ts';
import { useUi } from './ui-context.ts';

/** The version of the shown versioned sidebar; switching goes to the counterpart page (version-switch.ts). */
export function VersionSelect({ selection }: { selection: VersionSelection }) {
  const ui = useUi();
  const { state, router } = useSite();
  const { info, version } = selection;
  const sidebar = state.route?.kind === 'doc' ? state.route.sidebar : null;
  if (!info || !sidebar || !version) return null;
  const onChange = (to: string) => {
    selection.select(to);
    void import('./version-switch.ts').then((m) => m.switchVersion(router, sidebar, to, ui));
  };
  return (
    <select className="version-select" aria-label={ui.navbar.version} value={version} onChange={(e) => onChange(e.target.value)}>
      {info.items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.label[state.locale] ?? `${item.id} (${item.legacy ? ui.versions.legacy : ui.versions.current})`}
        </option>
      ))}
    </select>
  );
}
