/**
 * Test pages of the host app (tests/e2e/embed.spec.ts): PageBody alone drawing a hostile body,
 * and DocPage given page JSON it cannot draw, beside the host's own content.
 */
import { createRoot } from 'react-dom/client';
import { DocPage, loadSiteData, PageBody, type PageData } from '@vitrina-docs/renderer';
import '@vitrina-docs/renderer/styles/content.css';
import { HOSTILE_BODY } from './hostile-body.ts';

createRoot(document.getElementById('bare')!).render(<PageBody body={HOSTILE_BODY} locale="en" />);

const site = await loadSiteData(import.meta.env.VITE_DOCS_SITE ?? '');
const page = await site.page('/en/docs/mobile/ic3/visits/start');
if (page) {
  const broken = [
    { ...page, body: null },
    { ...page, toc: null },
    { ...page, operation: {} },
  ] as unknown as PageData[];
  createRoot(document.getElementById('broken')!).render(
    <>
      {broken.map((p, i) => (
        <section key={i} className="host-section">
          <h2>Host section {i}</h2>
          <DocPage page={p} ui={site.ui('en')} />
        </section>
      ))}
    </>,
  );
}
