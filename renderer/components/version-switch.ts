/**
 * Where the version selector leads once the reader picked another version: the counterpart (or
 * the version's first page), at the same section when that page has it. Loaded on the first
 * change of version, not with the page.
 */
import type { SidebarId, UiStrings } from '@vitrina-docs/schemas';
import type { Router } from '../router/router.ts';
import { pageHasId, sidebarItems, versionSwitchTarget, withVersion } from '../shared/versions.ts';
import { operationToc } from './operation-toc.ts';

export async function switchVersion(router: Router, sidebar: SidebarId, to: string, ui: UiStrings): Promise<void> {
  const state = router.getState();
  const { path, hash } = state.location;
  const counterparts = state.page?.path === path ? state.page.counterparts : undefined;
  const from = state.page?.version ?? (state.route?.kind === 'doc' ? state.route.version : null);
  // The other version's chunk tells its pages: the counterpart, or the version's first page (its
  // tree loaded on the way to this page, and to the page with the version segment replaced).
  try {
    await router.loadSidebar(state.locale, sidebar, to, path);
    const replaced = from === null ? null : withVersion(path, from, to);
    if (replaced) await router.findRoute(replaced);
  } catch {
    return; // the sidebar stays as it was; the selection is kept for the next page
  }
  const current = router.getState();
  if (current.location.path !== path) return; // the reader went elsewhere meanwhile
  const items = sidebarItems(current.routes, current.locale, sidebar, to) ?? [];
  const first = current.manifest.versions[sidebar]?.items.find((v) => v.id === to)?.first[current.locale];
  const target = versionSwitchTarget({ path, from, to, items, routes: current.routes, counterparts, first });
  if (target === path) return;
  // The same section when the other page has it (its page JSON is loaded for the navigation anyway).
  const data = hash ? await router.pageData(target).catch(() => null) : null;
  if (router.getState().location.path !== path) return;
  const keep = data && pageHasId(data, hash, data.operation ? operationToc(data.operation, ui).map((e) => e.id) : []);
  router.navigate(keep ? `${target}#${encodeURIComponent(hash)}` : target);
}
