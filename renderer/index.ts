/**
 * vitrina-docs/renderer — draw a page JSON in any React app, without the site shell.
 *
 *   import { DocPage } from 'vitrina-docs/renderer';
 *   import 'vitrina-docs/renderer/styles/content.css'; // styles scoped under .vd-root
 *   <DocPage page={pageJson} ui={manifest.locales[pageJson.locale].ui} onNavigate={(href) => …} />
 *
 * Bodies are sanitised before drawing (allow-listed elements, attributes, classes and URLs),
 * whatever their origin. Dark mode: data-theme="dark" on .vd-root or an ancestor.
 */
export { DocPage, type DocPageProps } from './components/DocPage.tsx';
export { PageBody, type PageBodyProps } from './components/PageBody.tsx';
export { DocContent, pageToc } from './components/DocContent.tsx';
export { EndpointLine } from './components/EndpointLine.tsx';
export { OperationTables } from './components/OperationTables.tsx';
export { Toc, TocFold } from './components/Toc.tsx';
export { UiContext } from './components/ui-context.ts';
export { sanitizeHast, isSafeUrl } from './hast/sanitize.ts';
export { hastToReact, type HastComponents, type HastComponentProps } from './hast/hast-to-react.ts';
export type { PageData, UiStrings, HastRoot } from '@vitrina-docs/schemas';
