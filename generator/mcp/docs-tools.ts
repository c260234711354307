/**
 * The MCP tools over the documentation: `search` and `fetch` (the pair chatbot connectors
 * expect), and for an integrator's agent `get_api_operation`, `list_api_operations` and
 * `list_pages`. Each answers with structured content and the same as JSON text; a question the
 * site cannot answer is a tool error whose message says what to do instead.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { SIDEBARS, type LocaleCode, type SidebarId } from '@vitrina-docs/schemas';
import { localeOfQuery, snippet, type SiteSearch } from '@vitrina-docs/search';
import type { DocsCatalog } from './docs-catalog.ts';
import { DocsLookupError } from './docs-catalog.ts';

export interface DocsContext {
  catalog: DocsCatalog;
  search: SiteSearch;
}

/** "IC3 (mobile app; IC2 is legacy), v1.5 (API; v1 is legacy)": what the descriptions tell a model. */
export function currentVersionsNote(catalog: DocsCatalog): string {
  const parts = Object.entries(catalog.manifest.versions).map(([sidebar, info]) => {
    const current = info!.items.find((i) => i.id === info!.current);
    const legacy = info!.items.filter((i) => i.legacy).map((i) => i.name);
    return `${current?.name ?? info!.current} is the current version of the ${sidebar === 'api' ? 'backend API' : `${sidebar} app`}${legacy.length ? ` (${legacy.join(', ')}: legacy, only for users who still run ${legacy.length > 1 ? 'them' : 'it'})` : ''}`;
  });
  return parts.length ? `${parts.join('; ')}. Answer for the current versions unless the user names a legacy one.` : '';
}

const json = (value: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});

const lookupError = (e: unknown): CallToolResult => {
  if (!(e instanceof DocsLookupError)) throw e;
  return { isError: true, content: [{ type: 'text', text: e.message }] };
};

export function registerDocsTools(server: McpServer, { catalog, search }: DocsContext): void {
  const site = catalog.manifest.site.name;
  const versions = currentVersionsNote(catalog);
  const locales = catalog.locales as [LocaleCode, ...LocaleCode[]];
  const versionIds = Object.values(catalog.manifest.versions).flatMap((v) => v!.items.map((i) => i.id));
  const localeInput = z.enum(locales).optional();
  const checkVersion = (version: string | undefined) => {
    if (version && !versionIds.includes(version))
      throw new DocsLookupError(`unknown version "${version}": the versions are ${versionIds.join(', ')}`);
  };

  const hit = z.object({
    id: z.string().describe('Pass to fetch: the page route with the section anchor'),
    title: z.string(),
    url: z.string(),
    snippet: z.string(),
    breadcrumbs: z.string(),
    version: z.string().nullable(),
    current: z.boolean().describe('false for a page of a legacy version'),
  });

  server.registerTool(
    'search',
    {
      title: `Search the ${site} documentation`,
      description: `Search the ${site} documentation (shelf recognition: the mobile app for field agents, the portal, business KPIs, the backend API, release notes, support) in Russian or English, ranked as the site ranks. Returns sections, best first; pass a result's id to fetch for the whole page. ${versions}`,
      inputSchema: {
        query: z.string().max(500).describe('What to look for, in the words of the question (Russian or English)'),
        locale: localeInput.describe('Language of the pages (default: the query’s script: Cyrillic → ru, else en)'),
        version: z
          .string()
          .optional()
          .describe(`Only this version of its sidebar, with that sidebar’s shared pages: ${versionIds.join(', ')}`),
        sidebar: z.enum(SIDEBARS).optional().describe('Only this part of the site'),
        limit: z.number().int().min(1).max(50).optional().describe('Number of results (default 8)'),
      },
      outputSchema: { results: z.array(hit) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, locale, version, sidebar, limit }) => {
      try {
        if (!query.trim()) throw new DocsLookupError('the query is empty: say what to look for, e.g. "how to start a visit"');
        checkVersion(version);
        const hits = await search.search(query, {
          locale,
          version: version ?? null,
          sidebar: (sidebar ?? null) as SidebarId | null,
          limit: limit ?? 8,
        });
        const used = locale ?? localeOfQuery(query, search.locales);
        const results = hits.map((h) => ({
          id: h.anchor ? `${h.route}#${h.anchor}` : h.route,
          title: h.heading && h.heading !== h.title ? `${h.title} — ${h.heading}` : h.title,
          url: h.url,
          snippet: snippet(h.text, query, h.route.startsWith('/en') ? 'en' : used, 240)
            .map((p) => p.text)
            .join(''),
          breadcrumbs: h.breadcrumbs,
          version: h.version,
          current: h.current,
        }));
        return json({ results });
      } catch (e) {
        return lookupError(e);
      }
    },
  );

  server.registerTool(
    'fetch',
    {
      title: 'Read a documentation page',
      description: `The whole page as markdown (facts filled in; on an API method page, the operation: endpoint, parameters, request and response fields), with its URL and metadata. The id is one from search, a page URL of the site or a route such as /docs/mobile/ic3/visits/start (/en/… for English). ${versions}`,
      inputSchema: { id: z.string().max(2000).describe('An id from search, a page URL or a route') },
      outputSchema: {
        id: z.string(),
        title: z.string(),
        text: z.string(),
        url: z.string(),
        metadata: z.object({
          locale: z.string(),
          description: z.string(),
          sidebar: z.string().nullable(),
          version: z.string().nullable(),
          current: z.boolean(),
          breadcrumbs: z.array(z.string()),
          alternates: z.record(z.string(), z.string()),
          otherVersions: z.record(z.string(), z.string()),
          operationId: z.string().nullable(),
          lastUpdated: z.string().nullable(),
        }),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id }) => {
      try {
        const route = catalog.resolve(id);
        const [page, text] = await Promise.all([catalog.page(route), catalog.markdown(route)]);
        const info = page.sidebar ? catalog.manifest.versions[page.sidebar] : undefined;
        return json({
          id: route.path,
          title: page.title,
          text,
          url: catalog.siteUrl + route.path,
          metadata: {
            locale: page.locale,
            description: page.description,
            sidebar: page.sidebar,
            version: page.version,
            current: !page.version || !info || info.current === page.version,
            breadcrumbs: page.breadcrumbs.map((b) => b.label),
            alternates: page.alternates as Record<string, string>,
            otherVersions: page.counterparts,
            operationId: page.operation?.operationId ?? null,
            lastUpdated: page.lastUpdated,
          },
        });
      } catch (e) {
        return lookupError(e);
      }
    },
  );

  const apiVersions = catalog.manifest.versions.api?.items.map((i) => i.id) ?? [];
  server.registerTool(
    'get_api_operation',
    {
      title: 'An API operation by operationId',
      description: `An operation of the ${site} backend API by its operationId (as in the OpenAPI description): method, URL, parameters, request body and response fields with their types, the error statuses, and the documentation page that explains it (pass its id to fetch for examples). ${versions}`,
      inputSchema: {
        operationId: z.string().min(1).max(200).describe('The operationId, e.g. "brands"'),
        version: z
          .string()
          .optional()
          .describe(`API version: ${apiVersions.join(', ')} (default: the current one)`),
        locale: localeInput.describe('Language of the descriptions (default ru)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ operationId, version, locale }) => {
      try {
        if (version && !apiVersions.includes(version))
          throw new DocsLookupError(`unknown API version "${version}": the versions are ${apiVersions.join(', ')}`);
        const { page, op } = await catalog.operation(locale ?? catalog.manifest.defaultLocale, operationId, version ?? null);
        return json({
          operation: op,
          page: { id: page.path, title: page.title, url: catalog.siteUrl + page.path },
          openapi: catalog.siteUrl + op.specUrl,
        });
      } catch (e) {
        return lookupError(e);
      }
    },
  );

  server.registerTool(
    'list_api_operations',
    {
      title: 'The operations of the API',
      description: `Every operation of a version of the ${site} backend API: operationId, method, path, summary and the id of its documentation page. ${versions}`,
      inputSchema: {
        version: z
          .string()
          .optional()
          .describe(`API version: ${apiVersions.join(', ')} (default: the current one)`),
        locale: localeInput.describe('Language of the summaries (default ru)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ version, locale }) => {
      try {
        if (version && !apiVersions.includes(version))
          throw new DocsLookupError(`unknown API version "${version}": the versions are ${apiVersions.join(', ')}`);
        return json({ operations: await catalog.operationList(locale ?? catalog.manifest.defaultLocale, version ?? null) });
      } catch (e) {
        return lookupError(e);
      }
    },
  );

  server.registerTool(
    'list_pages',
    {
      title: 'The pages of a part of the site',
      description: `The pages of a sidebar (${SIDEBARS.join(', ')}) in the order the site shows them, with the groups above each: to see what the documentation covers before searching or fetching. ${versions}`,
      inputSchema: {
        sidebar: z.enum(SIDEBARS),
        locale: localeInput.describe('Language (default ru)'),
        version: z.string().optional().describe('For the mobile and api sidebars: the version (default: the current one)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ sidebar, locale, version }) => {
      try {
        return json({ pages: catalog.sidebarPages(locale ?? catalog.manifest.defaultLocale, sidebar, version ?? null) });
      } catch (e) {
        return lookupError(e);
      }
    },
  );
}
