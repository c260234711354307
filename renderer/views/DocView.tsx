import type { PageData } from '@vitrina-docs/schemas';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CopyMarkdownButton } from '../components/CopyMarkdownButton.tsx';
import { FeedbackWidget } from '../components/FeedbackWidget.tsx';
import { LegacyNotice } from '../components/LegacyNotice.tsx';
import { pageToc } from '../components/page-toc.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { PrerenderedContent, PrerenderedEndpoint, prerenderedMarkup } from '../components/PrerenderedContent.tsx';
import { Toc, TocFold } from '../components/Toc.tsx';
import { useUi } from '../components/ui-context.ts';
import { useActiveHeading } from '../hooks/useActiveHeading.ts';
import { OfflineMark } from '../offline/OfflineMark.tsx';
import { TryIt } from '../console/TryIt.tsx';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { lazyViews } from './registry.ts';

/** A documentation page in the shell: breadcrumbs, title, endpoint, body, meta, prev/next, TOC. */
export function DocView({ page }: { page: PageData }) {
  const ui = useUi();
  const entries = pageToc(page, ui);
  const active = useActiveHeading(entries.map((e) => e.id));
  const { DocContent, OperationTables, EndpointLine } = lazyViews();
  const prerendered = prerenderedMarkup(page, DocContent !== undefined);
  return (
    <div className="doc-layout">
      <article className="doc" aria-labelledby="vd-title">
        <Breadcrumbs items={page.breadcrumbs} home={withLocale('/', page.locale)} title={page.title} path={page.path} />
        <LegacyNotice page={page} />
        <div className="doc-header">
          <h1 id="vd-title" className="doc-title">
            {page.title}
          </h1>
          <CopyMarkdownButton url={page.markdownUrl} />
        </div>
        <OfflineMark page={page} />
        {page.operation &&
          (prerendered !== null ? (
            <PrerenderedEndpoint html={prerendered.endpoint} url={page.operation.url} />
          ) : (
            EndpointLine && <EndpointLine operation={page.operation} />
          ))}
        {page.operation && <TryIt key={page.path} operation={page.operation} />}
        <TocFold entries={entries} active={active} />
        {prerendered !== null ? (
          <PrerenderedContent html={prerendered.content} />
        ) : (
          DocContent && <DocContent page={page} tables={OperationTables} />
        )}
        <footer className="doc-footer">
          <PageMeta lastUpdated={page.lastUpdated} editUrl={page.editUrl} />
          <Pagination prev={page.prev} next={page.next} />
          <FeedbackWidget key={page.path} page={page} />
        </footer>
      </article>
      <div className="toc-column">
        <Toc entries={entries} active={active} />
      </div>
    </div>
  );
}
