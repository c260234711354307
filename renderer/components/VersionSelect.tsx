import { useSite } from '../app/site-context.ts';
import type { VersionSelection } from '../hooks/useVersionSelection.ts';
import { pageHasId, sidebarItems, versionSwitchTarget } from '../shared/versions.ts';
import { operationToc } from './operation-toc.ts';
import { useUi } from './ui-context.ts';

/** The version of the shown versioned sidebar; switching goes to the counterpart page. */
export function VersionSelect({ selection }: { selection: VersionSelection }) {
  const ui = useUi();
  const { state, router } = useSite();
  const { info, version } = selection;
  const sidebar = state.route?.kind === 'doc' ? state.route.sidebar : null;
  if (!info || !sidebar || !version) return null;
  const onChange = async (to: string) => {
    const path = state.location.path;
    const hash = state.location.hash;
    const counterparts = state.page?.path === path ? state.page.counterparts : undefined;
    const from = state.page?.version ?? (state.route?.kind === 'doc' ? state.route.version : null);
    selection.select(to);
    // The other version's chunk tells its pages: the counterpart, or the version's first page.
    try {
      await router.loadSidebar(state.locale, sidebar, to);
    } catch {
      return; // the sidebar stays as it was; the selection is kept for the next page
    }
    const current = router.getState();
    if (current.location.path !== path) return; // the reader went elsewhere meanwhile
    const items = sidebarItems(current.routes, current.locale, sidebar, to) ?? [];
    const target = versionSwitchTarget({ path, from, to, items, routes: current.routes, counterparts });
    if (target === path) return;
    // The same section when the other page has it (the page JSON is loaded for the navigation anyway).
    const data = hash ? await router.pageData(target).catch(() => null) : null;
    if (router.getState().location.path !== path) return;
    const keep = data && pageHasId(data, hash, data.operation ? operationToc(data.operation, ui).map((e) => e.id) : []);
    router.navigate(keep ? `${target}#${encodeURIComponent(hash)}` : target);
  };
  return (
    <select className="version-select" aria-label={ui.navbar.version} value={version} onChange={(e) => void onChange(e.target.value)}>
      {info.items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.label[state.locale] ?? `${item.id} (${item.legacy ? ui.versions.legacy : ui.versions.current})`}
        </option>
      ))}
    </select>
  );
}
