/**
 * `vitrina-docs mcp`: the documentation as an MCP server, over a built site's folder or a
 * published site's URL; on stdio (a local agent starts it) or on Streamable HTTP, stateless (a
 * small service beside the static site: each POST to /mcp is answered on its own).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { openSearch } from '@vitrina-docs/search';
import { allowedHosts, hostName } from '../serve/request-guard.ts';
import { DocsCatalog } from './docs-catalog.ts';
import { currentVersionsNote, registerDocsTools, type DocsContext } from './docs-tools.ts';
import type { SiteFiles } from './site-files.ts';

/** The catalog and the search of a site (read once per process). */
export async function openDocs(files: SiteFiles): Promise<DocsContext> {
  const catalog = await DocsCatalog.open(files);
  const search = await openSearch({ site: files.json });
  return { catalog, search };
}

/** An MCP server with the documentation tools. */
export function createDocsServer(docs: DocsContext, version: string): McpServer {
  const name = docs.catalog.manifest.site.name;
  const server = new McpServer(
    { name: 'vitrina-docs', title: `${name} documentation`, version },
    {
      instructions: `The ${name} documentation (${docs.catalog.siteUrl}), in ${docs.catalog.locales.join(' and ')}. Use search, then fetch the best result's id for the whole page; get_api_operation for an API method by operationId. ${currentVersionsNote(docs.catalog)}`,
    },
  );
  registerDocsTools(server, docs);
  return server;
}

/** Serves on stdin/stdout until the client closes them. */
export async function serveStdio(docs: DocsContext, version: string): Promise<void> {
  const server = createDocsServer(docs, version);
  await server.connect(new StdioServerTransport());
}

export interface HttpDocsServer {
  server: Server;
  /** The endpoint, e.g. http://127.0.0.1:3000/mcp */
  url: string;
  close(): Promise<void>;
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Streamable HTTP at `/mcp`, stateless: a new server and transport per POST (JSON responses, no
 * session); GET and DELETE (streams and sessions) are 405. Requests whose `Host` is not the
 * address listened on (or one of `allowHosts`: the public name behind a reverse proxy) are
 * refused (DNS rebinding), as `preview` refuses them.
 */
export function serveHttp(
  docs: DocsContext,
  version: string,
  opts: { host: string; port: number; allowHosts?: readonly string[] },
): Promise<HttpDocsServer> {
  const hosts = allowedHosts(opts.host);
  for (const h of opts.allowHosts ?? []) hosts.add(h.toLowerCase());
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/mcp') return refuse(res, 404, `no MCP endpoint at ${path}: it is /mcp`);
    const host = hostName(req.headers.host);
    if (!host || !hosts.has(host)) return refuse(res, 403, `the Host ${req.headers.host ?? '(none)'} is not served here`);
    if (req.method !== 'POST') return refuse(res, 405, 'this server is stateless: POST JSON-RPC messages to /mcp', { allow: 'POST' });
    const server = createDocsServer(docs, version);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      process.stderr.write(`vitrina-docs mcp: ${(e as Error).stack ?? String(e)}\n`);
      if (!res.headersSent) refuse(res, 500, 'internal error');
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : opts.port;
      const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
      resolve({ server, url: `http://${shown}:${port}/mcp`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
