/** The site shell: skip link, progress bar, navbar, drawer with the sidebar, main content, footer. */
import { useEffect, type ReactNode } from 'react';
import { AnnouncementBar } from '../components/AnnouncementBar.tsx';
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
  const { state, router } = useSite();
  const { route, page, locale, routes } = state;
  const sidebar = route?.kind === 'doc' ? route.sidebar : null;
  const pageVersion = page?.version ?? (route?.kind === 'doc' ? route.version : null);
  const selection = useVersionSelection(state.manifest, sidebar, pageVersion);
  const drawer = useDrawer(state.navigation.id);
  // The page came with its sidebar in its own version (the current one for a shared page); the
  // reader's selected version, when another, is loaded here and replaces it once it arrives.
  const shownVersion = pageVersion ?? selection.info?.current ?? null;
  const items = sidebar ? (sidebarItems(routes, locale, sidebar, selection.version, shownVersion) ?? []) : [];
  const path = state.location.path;
  // The selected version's tree, with its parts on the way to the page shown.
  const selectedLoaded =
    !sidebar ||
    Boolean(routes.sidebar(locale, sidebar, selection.version) && !routes.missingPart(locale, sidebar, selection.version, path));
  useEffect(() => {
    if (sidebar && !selectedLoaded) router.loadSidebar(locale, sidebar, selection.version, path).catch(() => {});
  }, [router, locale, sidebar, selection.version, selectedLoaded, path]);
  return (
    <>
      <a className="skip-link" href="#vd-main">
        {ui.skipToContent}
      </a>
      <ProgressBar loading={state.loading} />
      <AnnouncementBar />
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
          {sidebar && <Sidebar items={items} current={path} loadPart={router.loadPart} />}
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
