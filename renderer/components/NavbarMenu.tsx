/**
 * A navbar button that opens a small menu of the items the navbar has no room for. It is a
 * native popover (the Popover API): it closes on Escape or a click outside with no code of
 * ours, and after a link in it is followed. content.css decides at which widths the button
 * shows instead of the items themselves.
 */
import type { MouseEvent, ReactNode } from 'react';

interface NavbarMenuProps {
  /** Element id of the menu (prefix `vd-`, which page bodies may not use). */
  id: string;
  className: string;
  /** What the button shows. */
  label: ReactNode;
  /** The button's accessible name, when its label is only an icon. */
  ariaLabel?: string;
  children: ReactNode;
}

function closeAfterLink(event: MouseEvent<HTMLDivElement>) {
  if ((event.target as Element).closest('a')) event.currentTarget.hidePopover();
}

export function NavbarMenu({ id, className, label, ariaLabel, children }: NavbarMenuProps) {
  return (
    <div className={`navbar-menu ${className}`}>
      <button type="button" className="navbar-menu-button" popoverTarget={id} aria-label={ariaLabel}>
        {label}
      </button>
      <div id={id} popover="auto" className="navbar-popover" onClick={closeAfterLink}>
        {children}
      </div>
    </div>
  );
}
