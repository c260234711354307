/**
 * @vitrina-docs/renderer — draw a page of the Vitrina documentation site in any React app,
 * without the site shell.
 *
 *   import { DocPage, loadSiteData, createHrefResolver } from '@vitrina-docs/renderer';
 *   import '@vitrina-docs/renderer/styles/content.css'; // scoped under .vd-root, which the components draw
 *   <DocPage page={page} ui={site.ui(page.locale)} resolveHref={…} onNavigate={(href) => navigate(href)} />
 *
 * Bodies are sanitised before drawing (allow-listed elements, attributes, classes and URLs),
 * whatever their origin. See the README's embedding guide.
 */
export { DocPage, type DocPageProps } from './components/DocPage.tsx';
export { PageBody, BODY_STRINGS, type PageBodyProps, type BodyStrings } from './components/PageBody.tsx';
export { DocContent, pageToc } from './components/DocContent.tsx';
export { EndpointLine } from './components/EndpointLine.tsx';
export { OperationTables } from './components/OperationTables.tsx';
export { Toc, TocFold } from './components/Toc.tsx';
export { UiContext } from './components/ui-context.ts';
export type { ColourMode, EmbedOptions } from './components/embed-context.ts';
export { loadSiteData, createHrefResolver, type SiteData, type HrefResolverOptions } from './embed/site-data.ts';
export { sanitizeHast, isSafeUrl } from './hast/sanitize.ts';
export { drawHast, type HastComponents, type HastComponentProps } from './hast/draw-hast.ts';
export type { PageData, UiStrings, HastRoot, Manifest, RouteEntry, LocaleCode } from '@vitrina-docs/schemas';
