import { fill, formatDate } from '../shared/format.ts';
import { safeUrl } from '../hast/safe-url.ts';
import { Icon } from './Icon.tsx';
import { useUi } from './ui-context.ts';

/** "Last updated" and the edit link under a page. */
export function PageMeta({ lastUpdated, editUrl: rawEditUrl }: { lastUpdated: string | null; editUrl: string | null }) {
  const ui = useUi();
  const editUrl = safeUrl(rawEditUrl);
  if (!lastUpdated && !editUrl) return null;
  return (
    <div className="page-meta">
      {editUrl && (
        <a className="edit-link" href={editUrl}>
          <Icon name="edit" />
          {ui.page.editPage}
        </a>
      )}
      {lastUpdated && (
        <p className="last-updated">
          {fill(ui.page.lastUpdated, { date: '\u0000' })
            .split('\u0000')
            .flatMap((part, i) =>
              i === 0
                ? [part]
                : [
                    <time key="t" dateTime={lastUpdated}>
                      {formatDate(lastUpdated, ui.date)}
                    </time>,
                    part,
                  ],
            )}
        </p>
      )}
    </div>
  );
}
