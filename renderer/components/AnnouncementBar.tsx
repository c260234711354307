import { useLayoutEffect, useState } from 'react';
import type { Announcement } from '@vitrina-docs/schemas';
import { useSite } from '../app/site-context.ts';
import { isLegacyPage } from '../shared/versions.ts';
import { ANNOUNCEMENT_HIDDEN_ATTR, ANNOUNCEMENT_KEY_PREFIX } from '../document/announcement-script.ts';
import { Icon } from './Icon.tsx';
import { Link } from './Link.tsx';
import { useUi } from './ui-context.ts';

function isHidden(a: Announcement): boolean {
  if (a.expires && Date.now() >= Date.parse(a.expires)) return true;
  try {
    return localStorage.getItem(ANNOUNCEMENT_KEY_PREFIX + a.id) === 'dismissed';
  } catch {
    return false;
  }
}

/**
 * The site-wide announcement (site.yaml), above the navbar, until the reader closes it. The
 * prerendered bar is hidden before the first paint by the inline announcement script when it
 * was dismissed; once the app runs, this component decides (before the browser paints again).
 */
export function AnnouncementBar() {
  const ui = useUi();
  const { data, state } = useSite();
  // One notice per page: a page of a legacy version has its own above the title.
  const a = isLegacyPage(state.manifest, state.page) ? null : data.announcement;
  const [hidden, setHidden] = useState(false);
  useLayoutEffect(() => {
    setHidden(a ? isHidden(a) : true);
    document.documentElement.removeAttribute(ANNOUNCEMENT_HIDDEN_ATTR);
  }, [a]);
  if (!a || hidden) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(ANNOUNCEMENT_KEY_PREFIX + a.id, 'dismissed');
    } catch {
      /* closed for this page view only */
    }
    setHidden(true);
    document.getElementById('vd-main')?.focus({ preventScroll: true });
  };
  return (
    <div className="announcement-bar" role="region" aria-label={ui.announcement.label} data-id={a.id}>
      <p className="announcement-text">
        {a.text}
        {a.link && (
          <>
            {' '}
            <Link href={a.link.to}>{a.link.label}</Link>
          </>
        )}
      </p>
      <button
        type="button"
        className="icon-button announcement-dismiss"
        aria-label={ui.announcement.dismiss}
        title={ui.announcement.dismiss}
        onClick={dismiss}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
