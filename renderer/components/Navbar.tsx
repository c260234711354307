import type { RefObject } from 'react';
import { useSite } from '../app/site-context.ts';
import type { VersionSelection } from '../hooks/useVersionSelection.ts';
import { SearchBox } from '../search/SearchBox.tsx';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { ColourModeSwitch } from './ColourModeSwitch.tsx';
import { safeUrl } from '../hast/safe-url.ts';
import { Icon } from './Icon.tsx';
import { Link } from './Link.tsx';
import { LocaleSwitch } from './LocaleSwitch.tsx';
import { NavbarMenu } from './NavbarMenu.tsx';
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

/**
 * Brand, sections, search, version, language, colour mode and the product link. What does not
 * fit folds (site.css): below 1440 px the product link goes into a "more" menu, below 1280 px the
 * sections into a menu named for the section shown, below 960 px all of it into the drawer. The
 * language stays in the bar down to 960 px: it is the control a reader of a bilingual site looks
 * for first.
 */
export function Navbar({ selection, drawer }: NavbarProps) {
  const ui = useUi();
  const { state, data } = useSite();
  const shown = state.route?.kind === 'doc' ? state.route.sidebar : null;
  const current = data.navbar.find((item) => item.sidebar === shown);
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
        <NavbarMenu
          id="vd-sections-menu"
          className="navbar-sections-menu"
          label={
            <>
              {current?.label ?? ui.navbar.sections}
              <Icon name="chevron" className="navbar-menu-chevron" />
            </>
          }
          ariaLabel={current ? `${ui.navbar.sections}: ${current.label}` : undefined}
        >
          <SectionLinks className="popover-sections" />
        </NavbarMenu>
        <div className="navbar-end">
          <SearchBox />
          <div className="navbar-wide">
            <VersionSelect selection={selection} />
          </div>
          <div className="navbar-wide">
            <LocaleSwitch />
          </div>
          <ColourModeSwitch />
          <div className="navbar-wide navbar-secondary">
            <ProductLink />
          </div>
          <NavbarMenu id="vd-more-menu" className="navbar-more-menu" label={<Icon name="more" />} ariaLabel={ui.navbar.more}>
            <ProductLink />
          </NavbarMenu>
        </div>
      </div>
    </header>
  );
}
