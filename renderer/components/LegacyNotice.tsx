import type { PageData } from '@vitrina-docs/schemas';
import { useSite } from '../app/site-context.ts';
import { fill } from '../shared/format.ts';
import { versionName } from '../shared/versions.ts';
import { Link } from './Link.tsx';
import { useUi } from './ui-context.ts';

/**
 * Above the title of a page of a legacy version: which version this is, and a link to the same
 * page in the current version (or to that version's first page). Drawn from the page JSON and
 * the shell, so the prerendered page has it and nothing moves when the app starts.
 */
export function LegacyNotice({ page }: { page: PageData }) {
  const ui = useUi();
  const { state } = useSite();
  const info = page.sidebar && page.version ? state.manifest.versions[page.sidebar] : undefined;
  const item = info?.items.find((v) => v.id === page.version);
  if (!info || !item?.legacy || !page.sidebar || !page.version) return null;
  const current = info.current;
  const names = {
    version: versionName(state.manifest, page.sidebar, page.version),
    current: versionName(state.manifest, page.sidebar, current),
  };
  const counterpart = page.counterparts[current];
  const target = counterpart ?? info.items.find((v) => v.id === current)?.first[page.locale];
  return (
    <div className="legacy-notice" role="note">
      <p>
        {fill(ui.versions.legacyNotice, names)}{' '}
        {target && <Link href={target}>{fill(counterpart ? ui.versions.toCounterpart : ui.versions.toCurrent, names)}</Link>}
      </p>
    </div>
  );
}
