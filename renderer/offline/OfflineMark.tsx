import type { PageData } from '@vitrina-docs/schemas';
import { useSite } from '../app/site-context.ts';
import { Icon } from '../components/Icon.tsx';
import { useUi } from '../components/ui-context.ts';
import { useKeptOffline } from './offline-status.ts';

/** "Available offline" under a page's title, once the service worker keeps the page. */
export function OfflineMark({ page }: { page: PageData }) {
  const ui = useUi();
  const { state } = useSite();
  const kept = useKeptOffline(state.manifest, page.locale, page.sidebar);
  if (!kept) return null;
  return (
    <p className="offline-mark" title={ui.offline.availableHint}>
      <Icon name="check" />
      <span>{ui.offline.available}</span>
      <span className="sr-only">. {ui.offline.availableHint}</span>
    </p>
  );
}
