/**
 * An app that shows pages of the Vitrina documentation under its own route, /embed-app/help/…,
 * with its own router (React Router). The README's embedding guide is this file.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { createHrefResolver, DocPage, loadSiteData, type HastComponentProps, type PageData } from '@vitrina-docs/renderer';
import '@vitrina-docs/renderer/styles/content.css';
import './host.css';

/** Where the built documentation site is served ("" when it is on this app's origin). */
const DOCS_SITE = import.meta.env.VITE_DOCS_SITE ?? '';
/** The host's route under which it shows the documentation: /embed-app/help/docs/mobile shows /docs/mobile. */
const BASE = '/embed-app/help';

const site = await loadSiteData(DOCS_SITE);
// The build's own stylesheet (code highlighting colours).
for (const href of site.stylesheets) document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));

// Links to doc pages stay in this app; anything else goes to the documentation site.
const resolveHref = createHrefResolver({
  base: BASE,
  shows: (path) => site.isDoc(path),
  siteUrl: site.siteUrl || location.origin,
});

/** A component override: the host draws the pages' tables in its own frame. */
function HostTable({ node: _node, children, ...props }: HastComponentProps) {
  return (
    <div className="host-table-frame">
      <table {...props}>{children}</table>
    </div>
  );
}
const components = { table: HostTable };

function DocsScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [page, setPage] = useState<PageData | null>();
  const [dark, setDark] = useState(false);
  const path = location.pathname.slice(BASE.length) || '/docs/mobile';

  useEffect(() => {
    let current = true;
    setPage(undefined);
    site.page(path).then(
      (p) => current && setPage(p),
      () => current && setPage(null),
    );
    return () => {
      current = false;
    };
  }, [path]);

  // A page reached with an anchor opens at its section.
  useEffect(() => {
    if (page && location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [page, location.hash]);

  return (
    <main>
      <button type="button" className="host-button" onClick={() => setDark(!dark)} aria-pressed={dark}>
        Dark documentation
      </button>
      {page === null && <p>This page is not in the documentation.</p>}
      {page && (
        <DocPage
          page={page}
          ui={site.ui(page.locale)}
          colourMode={dark ? 'dark' : 'light'}
          components={components}
          resolveHref={resolveHref}
          onNavigate={(href) => navigate(href)}
        />
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <header>
        <h2 className="host-title">Host app</h2>
        <table className="host-table">
          <tbody>
            <tr>
              <td>host cell</td>
            </tr>
          </tbody>
        </table>
      </header>
      <Routes>
        <Route path={`${BASE}/*`} element={<DocsScreen />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
