/**
 * The selected version of a versioned sidebar (api, mobile), kept in localStorage.
 * Opening a page of a version selects that version; a shared page shows the stored one.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Manifest, VersionInfo, SidebarId } from '@vitrina-docs/schemas';

const listeners = new Set<() => void>();
const keyOf = (sidebar: SidebarId) => `vitrina-version:${sidebar}`;

/** The version the reader selected for a sidebar (localStorage), if any. */
export function storedVersion(sidebar: SidebarId | null): string | null {
  return read(sidebar);
}

function read(sidebar: SidebarId | null): string | null {
  if (!sidebar) return null;
  try {
    return localStorage.getItem(keyOf(sidebar));
  } catch {
    return null;
  }
}

function write(sidebar: SidebarId, version: string): void {
  try {
    localStorage.setItem(keyOf(sidebar), version);
  } catch {
    /* not remembered */
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', listener);
  };
}

export interface VersionSelection {
  /** null when the sidebar has no versions. */
  info: VersionInfo | null;
  version: string | null;
  select(version: string): void;
}

export function useVersionSelection(manifest: Manifest, sidebar: SidebarId | null, pageVersion: string | null): VersionSelection {
  const info = (sidebar && manifest.versions[sidebar]) || null;
  const stored = useSyncExternalStore(
    subscribe,
    () => read(sidebar),
    () => null,
  );
  useEffect(() => {
    if (sidebar && info && pageVersion && pageVersion !== read(sidebar)) write(sidebar, pageVersion);
  }, [sidebar, info, pageVersion]);
  const select = useCallback((version: string) => sidebar && write(sidebar, version), [sidebar]);
  if (!info) return { info: null, version: null, select };
  const valid = (v: string | null) => (v && info.items.some((i) => i.id === v) ? v : null);
  return { info, version: valid(pageVersion) ?? valid(stored) ?? info.current, select };
}
