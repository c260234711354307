/** PageBody alone in the host app, drawing a hostile body (tests/e2e/embed.spec.ts). */
import { createRoot } from 'react-dom/client';
import { PageBody } from '@vitrina-docs/renderer';
import '@vitrina-docs/renderer/styles/content.css';
import { HOSTILE_BODY } from './hostile-body.ts';

createRoot(document.getElementById('bare')!).render(<PageBody body={HOSTILE_BODY} locale="en" />);
