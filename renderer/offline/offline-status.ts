/** Whether the browser is online, for the search UI ("online" in the prerender). */
import { useSyncExternalStore } from 'react';
import type { SidebarId } from '@vitrina-docs/schemas';

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
