import type { UiStrings, ApiOperation, TocEntry } from '@vitrina-docs/schemas';

/** Ids of the generated API sections; prefixed so that they never meet the body's heading ids. */
export const API_SECTION_IDS = {
  parameters: 'api-parameters',
  requestBody: 'api-request-body',
  responseFields: 'api-response-fields',
  statusCodes: 'api-status-codes',
  changes: 'api-changes',
} as const;

/** Table-of-contents entries of the API reference sections of a method page. */
export function operationToc(operation: ApiOperation, ui: UiStrings): TocEntry[] {
  const toc: TocEntry[] = [];
  if (operation.parameters.length) toc.push({ depth: 2, id: API_SECTION_IDS.parameters, text: ui.api.parameters });
  if (operation.requestBody?.fields.length) toc.push({ depth: 2, id: API_SECTION_IDS.requestBody, text: ui.api.requestBody });
  if (operation.responses.some((r) => r.fields.length))
    toc.push({ depth: 2, id: API_SECTION_IDS.responseFields, text: ui.api.responseFields });
  if (operation.responses.length) toc.push({ depth: 2, id: API_SECTION_IDS.statusCodes, text: ui.api.statusCodes });
  if (operation.changes.length) toc.push({ depth: 2, id: API_SECTION_IDS.changes, text: ui.api.changes });
  return toc;
}
