/**
 * An app that shows pages of the Vitrina documentation under its own route, /embed-app/help/…,
 * with its own router (React Router). The README's embedding guide is this file.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { createHrefResolver, DocPage, loadSiteData, type HastComponentProps, type PageData, type SiteData } from '@vitrina-docs/renderer';
import '@vitrina-docs/renderer/styles/content.css';
import './host.css';

/** Where the built documentation site is served ("" when it is on this app's origin). */
const DOCS_SITE = import.meta.env.VITE_DOCS_SITE ?? '';
/** The host's route under which it shows the documentation: /embed-app/help/docs/mobile shows /docs/mobile. */
const BASE = '/embed-app/help';

/** A component override: the host draws the pages' tables in its own frame. */
function HostTable({ node: _node, children, ...props }: HastComponentProps) {
  return (
    <div className="host-table-frame">
      <table {...props}>{children}</table>
    </div>
  );
}
const components = { table: HostTable };

function DocsScreen({ site }: { site: SiteData }) {
  const location = useLocation();
  const navigate = useNavigate();
  // undefined: loading; null: no such page; an Error: the site did not answer.
  const [page, setPage] = useState<PageData | Error | null>();
  const [dark, setDark] = useState(false);
  const path = location.pathname.slice(BASE.length) || '/docs/mobile';

  // Links to the site's doc pages stay in this app; anything else goes to the documentation site.
  const [resolveHref] = useState(() =>
    createHrefResolver({ base: BASE, shows: (p) => site.isDoc(p), siteUrl: site.siteUrl || window.location.origin }),
  );

  useEffect(() => {
    let current = true;
    setPage(undefined);
    site.page(path).then(
      (p) => current && setPage(p),
      (error: Error) => current && setPage(error),
    );
    return () => {
      current = false;
    };
  }, [site, path]);

  // A page reached with an anchor opens at its section; another page opens at its top.
  useEffect(() => {
    if (!page || page instanceof Error) return;
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [page, location.hash]);

  return (
    <main>
      <button type="button" className="host-button" onClick={() => setDark(!dark)} aria-pressed={dark}>
        Dark documentation
      </button>
      {page === null && <p>This page is not in the documentation.</p>}
      {page instanceof Error && <p role="alert">The documentation did not load: {page.message}</p>}
      {page && !(page instanceof Error) && (
        <DocPage
          page={page}
          ui={site.ui(page.locale)}
          colourMode={dark ? 'dark' : 'light'}
          components={components}
          resolveHref={resolveHref}
          assetBase={site.siteUrl}
          onNavigate={(href) => navigate(href)}
        />
      )}
    </main>
  );
}

function App({ site }: { site: SiteData | Error }) {
  return (
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
      {site instanceof Error ? (
        <p role="alert">The documentation did not load: {site.message}</p>
      ) : (
        <Routes>
          <Route path={`${BASE}/*`} element={<DocsScreen site={site} />} />
        </Routes>
      )}
    </BrowserRouter>
  );
}

// The site's manifest first; a site that does not answer (offline, CORS) shows as an error.
const site = await loadSiteData(DOCS_SITE).catch((error: Error) => error);
// The build's own stylesheet (code highlighting colours).
if (!(site instanceof Error))
  for (const href of site.stylesheets) document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App site={site} />
  </StrictMode>,
);
