import type { AnchorHTMLAttributes } from 'react';
import { isExternalHref } from '@vitrina-docs/schemas/paths';
import { safeUrl } from '../hast/safe-url.ts';

/** A link the client router may follow: a site route or an anchor, not a file (.md, .yaml, /img/…). */
export function isRouteHref(href: string): boolean {
  if (isExternalHref(href)) return false;
  const path = href.split(/[?#]/)[0] ?? '';
  return !/\.[a-z0-9]+$/i.test(path) || /\/index(\.html)?$/.test(path);
}

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; prefetch?: 'hover' | 'visible' };

/**
 * An internal link. It is a plain <a>: clicks and prefetch are handled once for the whole
 * tree by useLinkHandling (on the site's root, or DocPage's), so a link costs no hooks.
 * `prefetch="visible"` also prefetches when the link scrolls into view.
 */
export function Link({ prefetch, href, ...rest }: Props) {
  return <a {...rest} href={safeUrl(href) ?? undefined} data-prefetch={prefetch === 'visible' ? 'visible' : undefined} />;
}
