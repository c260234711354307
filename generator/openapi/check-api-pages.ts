import type { Diagnostics } from '../diagnostics.ts';
import type { BuildCache } from '../pipeline/page-cache.ts';
import { didYouMean } from '../suggest.ts';
import type { TransformedPage } from '../pipeline/transform.ts';
import { checkEndpointMentions } from './check-endpoint-mentions.ts';
import { checkJsonExamples } from './check-json-examples.ts';
import type { OpenApiDescription, ResolvedOperation } from './load-openapi.ts';

/** The API version of a method page: the version of its folder (v1.5 or v1), else the one its `api` names. */
export function apiVersionOf(page: TransformedPage): string | null {
  if (page.sidebar !== 'api') return null;
  return page.version ?? page.fm.api?.version ?? null;
}

/** Whether checking a page needs the OpenAPI descriptions (a partial check loads them only then). */
export function needsOpenApi(page: TransformedPage): boolean {
  return Boolean(page.fm.api) || page.sidebar === 'api' || page.compiled.codeBlocks.some((b) => b.schema);
}

/**
 * Everything the pages say about the API, checked against the OpenAPI descriptions: each
 * method page names an operation of its version's description; each operation has a page
 * (unless `reportUnused` is false: a check of some pages only); every JSON example that says
 * which schema it shows matches it; every endpoint an API or SDK page names exists.
 */
export function checkApiPages(
  pages: readonly TransformedPage[],
  apis: Map<string, OpenApiDescription>,
  diagnostics: Diagnostics,
  cache?: BuildCache,
  options: { reportUnused?: boolean } = {},
): Map<TransformedPage, { api: OpenApiDescription; op: ResolvedOperation }> {
  const resolved = new Map<TransformedPage, { api: OpenApiDescription; op: ResolvedOperation }>();
  const used = new Set<string>();
  for (const page of pages) {
    const opId = page.fm.api?.operation;
    if (!opId) continue;
    const version = apiVersionOf(page);
    const api = version ? apis.get(version) : undefined;
    // The line of `api:` needs the frontmatter parsed with positions: only for a finding.
    const fmLine = () =>
      page.src.frontmatter && page.src.frontmatter.doc.contents
        ? page.src.frontmatter.lines.linePos(
            (page.src.frontmatter.doc.get('api', true) as { range?: number[] } | undefined)?.range?.[0] ?? 0,
          ).line + 1
        : 2;
    if (page.version && page.fm.api?.version && page.fm.api.version !== page.version) {
      diagnostics.error(
        page.src.file,
        fmLine(),
        1,
        'unknown-operation',
        `api.version is ${page.fm.api.version} but the page is in the folder of version ${page.version}: remove api.version`,
      );
      continue;
    }
    if (!api) {
      diagnostics.error(
        page.src.file,
        fmLine(),
        1,
        'unknown-operation',
        version
          ? `no OpenAPI description for this page's API version (${version}): expected content/api/${version}.yaml`
          : `this page is in no versioned folder: name the version of the operation, api: { operation: ${opId}, version: … }`,
      );
      continue;
    }
    const op = api.operations.get(opId);
    if (!op) {
      diagnostics.error(
        page.src.file,
        fmLine(),
        1,
        'unknown-operation',
        `operation "${opId}" is not in ${api.file}${didYouMean(opId, api.operations.keys())}`,
      );
      continue;
    }
    used.add(`${api.version}:${opId}`);
    resolved.set(page, { api, op });
  }
  checkJsonExamples(pages, apis, resolved, diagnostics, cache);
  checkEndpointMentions(pages, apis, diagnostics);
  // Only a check of every page can tell that an operation has none.
  if (options.reportUnused === false) return resolved;
  for (const api of apis.values()) {
    for (const [id, op] of api.operations) {
      if (!used.has(`${api.version}:${id}`)) {
        diagnostics.warn(
          api.file,
          op.line,
          1,
          'operation-without-page',
          `operation "${id}" has no page (add one with api: { operation: ${id} })`,
        );
      }
    }
  }
  return resolved;
}
