/**
 * The content of a doc page below its title: the reference tables of an API method (after
 * the lead paragraph), then the body. Shared by the site and DocPage; the site passes the
 * tables from a lazily loaded chunk, DocPage imports them directly.
 */
import type { ComponentType } from 'react';
import type { ApiOperation, PageData } from '@vitrina-docs/schemas';
import { PageBody } from './PageBody.tsx';

export { pageToc } from './page-toc.ts';

/** The prerendered markup of an element, read once before hydration replaces nothing in it. */
function prerendered(selector: string): string {
  return typeof document === 'undefined' ? '' : (document.querySelector(selector)?.innerHTML ?? '');
}

export function DocContent({ page, tables: Tables }: { page: PageData; tables?: ComponentType<{ operation: ApiOperation }> }) {
  const first = page.body.children[0];
  const lead = page.operation && first?.type === 'element' && first.tagName === 'p' ? 1 : 0;
  return (
    <div className="doc-body">
      {lead > 0 && <PageBody body={page.body} take={lead} />}
      {page.operation &&
        (Tables ? (
          <Tables operation={page.operation} />
        ) : (
          // The first page, hydrated without the tables' code: the prerendered tables stay as they are.
          <div className="api-reference" dangerouslySetInnerHTML={{ __html: prerendered('.api-reference') }} />
        ))}
      <PageBody body={page.body} skip={lead} />
    </div>
  );
}
