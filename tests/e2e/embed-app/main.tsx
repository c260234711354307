/** A minimal React app that embeds vitrina-docs pages (tests/e2e/embed.spec.ts builds and opens it). */
import { createRoot } from 'react-dom/client';
import type { Manifest, PageData } from '@vitrina-docs/schemas';
import { DocPage, PageBody } from '../../../renderer/index.ts';
import '../../../renderer/styles/content.css';
import { HOSTILE_BODY } from '../hostile-body.ts';
import './host.css';

const params = new URLSearchParams(location.search);
const [manifest, page] = await Promise.all([
  fetch('/manifest.json').then((r) => r.json() as Promise<Manifest>),
  fetch(params.get('page')!).then((r) => r.json() as Promise<PageData>),
]);
const navigated: string[] = [];
(window as unknown as { navigated: string[] }).navigated = navigated;

createRoot(document.getElementById('root')!).render(
  <>
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
    <section id="doc">
      <DocPage page={page} ui={manifest.locales[page.locale]!.ui} onNavigate={(href) => navigated.push(href)} />
    </section>
    <section id="bare">
      <PageBody body={HOSTILE_BODY} />
    </section>
  </>,
);
