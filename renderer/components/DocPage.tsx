/**
 * A doc page without the site shell, for embedding: title, endpoint line, body (with the API
 * reference tables) and table of contents. Pass the UI strings of the page's locale
 * (`manifest.locales[page.locale].ui`) and, to follow links in the host app, `onNavigate`.
 */
import { useMemo } from 'react';
import type { UiStrings, PageData } from '@vitrina-docs/schemas';
import { useActiveHeading } from '../hooks/useActiveHeading.ts';
import { useLinkHandling } from '../hooks/useLinkHandling.ts';
import { DocContent, pageToc } from './DocContent.tsx';
import { EndpointLine } from './EndpointLine.tsx';
import { OperationTables } from './OperationTables.tsx';
import { Toc } from './Toc.tsx';
import { UiContext } from './ui-context.ts';

export interface DocPageProps {
  page: PageData;
  ui: UiStrings;
  /** Called instead of a full page load when an internal link is followed. */
  onNavigate?: (href: string) => void;
  /** Draw the table of contents beside the page (default true). */
  toc?: boolean;
  className?: string;
}

export function DocPage({ page, ui, onNavigate, toc = true, className }: DocPageProps) {
  const entries = pageToc(page, ui);
  const active = useActiveHeading(toc ? entries.map((e) => e.id) : []);
  const links = useMemo(() => (onNavigate ? { navigate: onNavigate, prefetch: () => {} } : null), [onNavigate]);
  const linkHandling = useLinkHandling(links);
  return (
    <UiContext value={ui}>
      <div className={`vd-root vd-doc-page ${className ?? ''}`} lang={page.locale} {...linkHandling}>
        <article className="doc">
          <h1 className="doc-title">{page.title}</h1>
          {page.operation && <EndpointLine operation={page.operation} />}
          <DocContent page={page} tables={OperationTables} />
        </article>
        {toc && <Toc entries={entries} active={active} />}
      </div>
    </UiContext>
  );
}
