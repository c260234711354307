/**
 * A doc page without the site shell, for embedding: title, endpoint line, body (with the API
 * reference tables) and table of contents, in its own scoped root. Pass the UI strings of the
 * page's locale (`manifest.locales[page.locale].ui`, or `SiteData.ui()`), and, to keep readers in
 * the host app, `resolveHref` and `onNavigate` (see EmbedOptions).
 */
import { Suspense, useMemo } from 'react';
import type { PageData, UiStrings } from '@vitrina-docs/schemas';
import { useActiveHeading } from '../hooks/useActiveHeading.ts';
import { DocContent, pageToc } from './DocContent.tsx';
import { DocPageBoundary, DocPageError, reportPageError } from './DocPageBoundary.tsx';
import type { ColourMode, EmbedOptions } from './embed-context.ts';
import { EndpointLine } from './EndpointLine.tsx';
import { OperationTables } from './OperationTables.tsx';
import { pageShapeProblem } from './page-shape.ts';
import { EmbedRoot } from './PageBody.tsx';
import { Toc } from './Toc.tsx';
import { UiContext } from './ui-context.ts';

export interface DocPageProps extends EmbedOptions {
  page: PageData;
  /** UI strings (labels of the tables, the copy buttons, the table of contents): `manifest.locales[page.locale].ui`. */
  ui: UiStrings;
  /** Light or dark; by default the page follows `data-theme` of an ancestor (light without one). */
  colourMode?: ColourMode;
  /** Draw the table of contents beside the page (default true). */
  toc?: boolean;
  className?: string;
}

/**
 * Page JSON that DocPage cannot draw (`body: null`, no `toc`, a page of another shape, or one
 * whose drawing throws) gives a notice in the page's place and the reason in the console: never a
 * throw out of the component.
 */
export function DocPage(props: DocPageProps) {
  const problem = pageShapeProblem(props.page);
  if (problem) {
    reportPageError(problem, (props.page as { path?: unknown } | null)?.path);
    return <DocPageError ui={props.ui} className={props.className} />;
  }
  return (
    <DocPageBoundary ui={props.ui} path={props.page.path} className={props.className}>
      {/* On the server, a throw inside a Suspense boundary draws its fallback instead of failing the render. */}
      <Suspense fallback={<DocPageError ui={props.ui} className={props.className} />}>
        <DocPageView {...props} />
      </Suspense>
    </DocPageBoundary>
  );
}

function DocPageView({ page, ui, colourMode, toc = true, className, components, resolveHref, assetBase, onNavigate }: DocPageProps) {
  const entries = pageToc(page, ui);
  const active = useActiveHeading(toc ? entries.map((e) => e.id) : []);
  const embed = useMemo(() => ({ components, resolveHref, assetBase, onNavigate }), [components, resolveHref, assetBase, onNavigate]);
  return (
    <UiContext value={ui}>
      <EmbedRoot className={`vd-doc-page ${className ?? ''}`.trim()} colourMode={colourMode} lang={page.locale} embed={embed}>
        <article className="doc">
          <h1 className="doc-title">{page.title}</h1>
          {page.operation && <EndpointLine operation={page.operation} />}
          <DocContent page={page} tables={OperationTables} />
        </article>
        {toc && <Toc entries={entries} active={active} />}
      </EmbedRoot>
    </UiContext>
  );
}
