import type { UiStrings, PageData, TocEntry } from '@vitrina-docs/schemas';
import { operationToc } from './operation-toc.ts';

/** The page's table of contents, with the API reference sections first. */
export function pageToc(page: PageData, ui: UiStrings): TocEntry[] {
  return page.operation ? [...operationToc(page.operation, ui), ...page.toc] : page.toc;
}
