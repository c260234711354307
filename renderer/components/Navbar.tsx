import type { RefObject } from 'react';
import { useSite } from '../app/site-context.ts';
import type { VersionSelection } from '../hooks/useVersionSelection.ts';
import { SearchBox } from '../search/SearchBox.tsx';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { ColourModeSwitch } from './ColourModeSwitch.tsx';
import { safeUrl } from '../hast/sanitize.ts';
import { Icon } from './Icon.tsx';
import { Link } from './Link.tsx';
import { LocaleSwitch } from './LocaleSwitch.tsx';
import { useUi } from './ui-context.ts';
import { VersionSelect } from './VersionSelect.tsx';

/** The six sections of the site; the one shown is marked. */
export function SectionLinks({ className }: { className: string }) {
  const ui = useUi();
  const { state, data } = useSite();
  const shown = state.route?.kind === 'doc' ? state.route.sidebar : null;
  return (
    <nav className={className} aria-label={ui.navbar.mainNav}>
      <ul>
        {data.navbar.map((item) => (
          <li key={item.sidebar}>
            <Link
              href={item.path}
              className={item.sidebar === shown ? 'is-active' : undefined}
              aria-current={item.path === state.location.path ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ProductLink() {
  const ui = useUi();
  const { state } = useSite();
  return (
    <a className="product-link" href={safeUrl(state.manifest.site.productUrl) ?? undefined}>
      {ui.navbar.productLink}
      <Icon name="external" />
    </a>
  );
}

interface NavbarProps {
  selection: VersionSelection;
  drawer: { open: boolean; setOpen(open: boolean): void; button: RefObject<HTMLButtonElement | null> };
}

export function Navbar({ selection, drawer }: NavbarProps) {
  const ui = useUi();
  const { state } = useSite();
  return (
    <header className="navbar">
      <div className="navbar-inner">
        <button
          ref={drawer.button}
          type="button"
          className="icon-button menu-button"
          aria-expanded={drawer.open}
          aria-controls="vd-drawer"
          aria-label={drawer.open ? ui.navbar.closeMenu : ui.navbar.openMenu}
          onClick={() => drawer.setOpen(!drawer.open)}
        >
          <Icon name={drawer.open ? 'close' : 'menu'} />
        </button>
        <Link href={withLocale('/', state.locale)} className="brand">
          <span className="brand-mark" aria-hidden="true" />
          {state.manifest.site.name}
        </Link>
        <SectionLinks className="navbar-sections" />
        <div className="navbar-end">
          <SearchBox />
          <div className="navbar-wide">
            <VersionSelect selection={selection} />
            <LocaleSwitch />
          </div>
          <ColourModeSwitch />
          <div className="navbar-wide">
            <ProductLink />
          </div>
        </div>
      </div>
    </header>
  );
}
