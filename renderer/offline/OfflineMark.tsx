import type { PageData } from '@vitrina-docs/schemas';
import { useSite } from '../app/site-context.ts';
import { Icon } from '../components/Icon.tsx';
import { useUi } from '../components/ui-context.ts';

/**
 * "Available offline" under the title of a page of an offline sidebar. It is drawn hidden, and
 * shown by CSS once the service worker that controls the page keeps its locale
 * (`<html data-offline-kept>`, set by register.ts): no code of its own on the page.
 */
export function OfflineMark({ page }: { page: PageData }) {
  const ui = useUi();
  const { state } = useSite();
  if (!page.sidebar || !state.manifest.offline?.sidebars.includes(page.sidebar)) return null;
  return (
    <p className="offline-mark" title={ui.offline.availableHint}>
      <Icon name="check" />
      <span>{ui.offline.available}</span>
      <span className="sr-only">. {ui.offline.availableHint}</span>
    </p>
  );
}
