/** The site shell: skip link, progress bar, navbar, drawer with the sidebar, main content, footer. */
import type { ReactNode } from 'react';
import { Footer } from '../components/Footer.tsx';
import { LocaleSwitch } from '../components/LocaleSwitch.tsx';
import { Navbar, ProductLink, SectionLinks } from '../components/Navbar.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { Sidebar } from '../components/Sidebar.tsx';
import { useUi } from '../components/ui-context.ts';
import { VersionSelect } from '../components/VersionSelect.tsx';
import { useDrawer } from '../hooks/useDrawer.ts';
import { useVersionSelection } from '../hooks/useVersionSelection.ts';
import { sidebarItems } from '../shared/versions.ts';
import { useSite } from './site-context.ts';

export function Layout({ children }: { children: ReactNode }) {
  const ui = useUi();
  const { state, data } = useSite();
  const { route, page } = state;
  const sidebar = route?.kind === 'doc' ? route.sidebar : null;
  const pageVersion = page?.version ?? (route?.kind === 'doc' ? route.version : null);
  const selection = useVersionSelection(state.manifest, sidebar, pageVersion);
  const drawer = useDrawer(state.navigation.id);
  const items = sidebar ? sidebarItems(data, sidebar, selection.version) : [];
  return (
    <>
      <a className="skip-link" href="#vd-main">
        {ui.skipToContent}
      </a>
      <ProgressBar loading={state.loading} />
      <Navbar selection={selection} drawer={drawer} />
      <div className={`site-body ${sidebar ? 'has-sidebar' : 'no-sidebar'}`}>
        <div className="drawer" id="vd-drawer" ref={drawer.drawer} data-open={drawer.open || undefined}>
          <div className="drawer-extras">
            <SectionLinks className="drawer-sections" />
            <div className="drawer-controls">
              <VersionSelect selection={selection} />
              <LocaleSwitch />
              <ProductLink />
            </div>
          </div>
          {sidebar && <Sidebar items={items} current={state.location.path} />}
        </div>
        {drawer.open && <div className="drawer-backdrop" onClick={() => drawer.setOpen(false)} />}
        <main id="vd-main" tabIndex={-1} aria-busy={state.loading || undefined}>
          {children}
        </main>
      </div>
      <Footer />
    </>
  );
}
