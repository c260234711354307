/**
 * What the browser can show offline, for the UI: whether it is online, and whether the service
 * worker that controls this page keeps a page (an active worker has finished its precache; its
 * URL names the locales it keeps). Both are "online, nothing kept" in the prerender.
 */
import { useSyncExternalStore } from 'react';
import type { LocaleCode, Manifest, SidebarId } from '@vitrina-docs/schemas';

function onNetworkChange(listener: () => void): () => void {
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
}

/** False while the browser knows it has no network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    onNetworkChange,
    () => navigator.onLine,
    () => true,
  );
}

/** Offline, the search keeps to the sidebars the service worker keeps (null: online, every sidebar). */
export function useOfflineSearch(sidebars: readonly SidebarId[] | null | undefined): readonly SidebarId[] | null {
  const online = useOnline();
  return !online && sidebars?.length ? sidebars : null;
}

function onControllerChange(listener: () => void): () => void {
  const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  sw?.addEventListener('controllerchange', listener);
  return () => sw?.removeEventListener('controllerchange', listener);
}

const controllerUrl = () => ('serviceWorker' in navigator ? (navigator.serviceWorker.controller?.scriptURL ?? '') : '');

/** The locales the site's service worker keeps (`/sw.js?locales=en,ru`), from its script URL. */
export function keptLocales(scriptUrl: string, serviceWorker: string): LocaleCode[] {
  if (!scriptUrl) return [];
  const url = new URL(scriptUrl);
  if (url.pathname !== serviceWorker) return [];
  return (url.searchParams.get('locales') ?? '').split(',').filter(Boolean) as LocaleCode[];
}

/** True when the page of this locale and sidebar opens offline in this browser. */
export function useKeptOffline(manifest: Manifest, locale: LocaleCode, sidebar: SidebarId | null): boolean {
  const scriptUrl = useSyncExternalStore(onControllerChange, controllerUrl, () => '');
  const offline = manifest.offline;
  if (!sidebar || !offline?.sidebars.includes(sidebar)) return false;
  return keptLocales(scriptUrl, offline.serviceWorker).includes(locale);
}
