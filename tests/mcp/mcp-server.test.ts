import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ROOT, CLI } from '../helpers/project.ts';
import { call, httpClient, httpServer, stdioClient, textOf } from './mcp-clients.ts';

const dist = inject('realDist');

interface Hit {
  id: string;
  title: string;
  url: string;
  snippet: string;
  breadcrumbs: string;
  version: string | null;
  current: boolean;
}

/** What every transport must answer the same way. */
function behaves(connect: () => Promise<{ client: Client; alive(): boolean; close(): Promise<void> }>) {
  let client: Client;
  let alive: () => boolean;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ client, alive, close } = await connect());
  });
  afterAll(() => close());

  it('lists the tools, whose descriptions tell a model which versions are current', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['fetch', 'get_api_operation', 'list_api_operations', 'list_pages', 'search']);
    const search = tools.find((t) => t.name === 'search')!;
    expect(search.description).toMatch(/IC3 is the current version/);
    expect(search.description).toMatch(/v1\.5 is the current version/);
    expect(search.inputSchema.properties).toHaveProperty('query');
    expect(client.getInstructions()).toMatch(/IC3/);
  });

  it('searches in Russian and in English (the locale from the query), current versions first', async () => {
    const ru = (await call(client, 'search', { query: 'как начать визит', limit: 3 })).structuredContent as { results: Hit[] };
    expect(ru.results[0]).toMatchObject({ version: 'ic3', current: true });
    expect(ru.results[0]!.id).toMatch(/^\/docs\/mobile\/ic3\/visits\/start(#|$)/);
    expect(ru.results[0]!.url).toMatch(/^https:\/\/docs\.vitrina\.example\/docs\/mobile\/ic3\/visits\/start/);
    expect(ru.results[0]!.snippet.length).toBeGreaterThan(20);
    const en = await call(client, 'search', { query: 'how do I reset my password' });
    const hits = (en.structuredContent as { results: Hit[] }).results;
    expect(hits[0]!.id).toMatch(/^\/en\/docs\//);
    // The first legacy hit comes after every hit of the current version of the same page.
    expect(hits[0]!.current).toBe(true);
    expect(JSON.parse(textOf(en))).toEqual(en.structuredContent);
    const filtered = (await call(client, 'search', { query: 'cancel a visit', version: 'ic2' })).structuredContent as { results: Hit[] };
    expect(filtered.results[0]!.id).toMatch(/^\/en\/docs\/mobile\/ic2\/visits\/cancel/);
    for (const h of filtered.results) expect(h.id).toMatch(/^\/en\/docs\/mobile\//);
  });

  it('fetches a page by id, URL or route: its markdown with facts filled in', async () => {
    const [first] = ((await call(client, 'search', { query: 'start a visit', limit: 1 })).structuredContent as { results: Hit[] }).results;
    for (const id of [first!.id, first!.url, '/en/docs/mobile/ic3/visits/start.md']) {
      const r = await call(client, 'fetch', { id });
      expect(r.isError, textOf(r)).toBeFalsy();
      const page = r.structuredContent as { id: string; title: string; text: string; url: string; metadata: Record<string, unknown> };
      expect(page.id).toBe('/en/docs/mobile/ic3/visits/start');
      expect(page.text).toMatch(/^# Start a visit\n/);
      expect(page.text).not.toMatch(/:fact\[/);
      expect(page.metadata).toMatchObject({ locale: 'en', sidebar: 'mobile', version: 'ic3', current: true });
      expect(page.metadata.otherVersions).toEqual({ ic2: '/en/docs/mobile/ic2/visits/start' });
    }
  });

  it('fetches an API method page with its operation, and an operation by operationId with its schema', async () => {
    const page = (await call(client, 'fetch', { id: '/docs/api/backend/methods/v1.5/catalog/brands' })).structuredContent as {
      text: string;
      metadata: { operationId: string };
    };
    expect(page.metadata.operationId).toBe('brands');
    expect(page.text).toMatch(/## Метод API: `brands`\n\n`GET https:\/\/[^`]+\/catalog\/brands` \(API v1\.5\)/);
    expect(page.text).toMatch(/\| `manufacturer_id` \| query \|/);
    const op = await call(client, 'get_api_operation', { operationId: 'brands', locale: 'en' });
    expect(op.isError, textOf(op)).toBeFalsy();
    const { operation, page: doc } = op.structuredContent as {
      operation: { method: string; path: string; version: string; responses: { status: string; fields: { path: string }[] }[] };
      page: { id: string };
    };
    expect(operation).toMatchObject({ method: 'GET', path: '/catalog/brands', version: 'v1.5' });
    expect(operation.responses.find((r) => r.status === '200')!.fields.length).toBeGreaterThan(2);
    expect(doc.id).toBe('/en/docs/api/backend/methods/v1.5/catalog/brands');
    const list = (await call(client, 'list_api_operations', {})).structuredContent as { operations: { operationId: string }[] };
    expect(list.operations.map((o) => o.operationId)).toContain('brands');
    const pages = (await call(client, 'list_pages', { sidebar: 'mobile', locale: 'en' })).structuredContent as {
      pages: { id: string; version: string | null }[];
    };
    expect(pages.pages.map((p) => p.id)).toContain('/en/docs/mobile/ic3/visits/start');
    expect(pages.pages.some((p) => p.version === 'ic2')).toBe(false);
  });

  it('answers bad input with an MCP error that says what to do, and keeps serving', async () => {
    const unknown = await call(client, 'fetch', { id: '/docs/no/such/page' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/no page at \/docs\/no\/such\/page/);
    const empty = await call(client, 'search', { query: '   ' });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toMatch(/the query is empty/);
    const wrongType = await call(client, 'search', { query: 42 });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/query/);
    const badVersion = await call(client, 'search', { query: 'visit', version: 'ic9' });
    expect(textOf(badVersion)).toMatch(/unknown version "ic9": the versions are/);
    const badOp = await call(client, 'get_api_operation', { operationId: 'brand' });
    expect(textOf(badOp)).toMatch(/no API operation "brand": did you mean .*brands/);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).resolves.toMatchObject({ isError: true });
    expect(alive()).toBe(true);
    const after = (await call(client, 'search', { query: 'visit', limit: 1 })).structuredContent as { results: Hit[] };
    expect(after.results).toHaveLength(1);
  });
}

describe('vitrina-docs mcp on stdio, with the SDK client', () => {
  behaves(async () => {
    const s = await stdioClient(dist);
    return { client: s.client, alive: () => s.transport.pid !== null, close: s.close };
  });
});

describe('vitrina-docs mcp on Streamable HTTP, with the SDK client', () => {
  behaves(async () => {
    const server = await httpServer(dist);
    const client = await httpClient(server.url);
    return {
      client,
      alive: () => server.child.exitCode === null,
      close: async () => {
        await client.close();
        server.stop();
      },
    };
  });
});

/** The MCP Inspector's CLI, as the README runs it (installed: npx finds it without downloading). */
function inspector(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['--no-install', '@modelcontextprotocol/inspector', '--cli', '--connect-timeout', '120000', ...args],
      { cwd: ROOT, env: { ...process.env, npm_config_offline: 'true' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// (Each run starts npx and a server: minutes on a loaded machine when the CLI runs from the sources.)
describe('the MCP Inspector CLI', { timeout: 400_000 }, () => {
  it('lists the tools and searches over stdio', async () => {
    const list = await inspector(['node', CLI, 'mcp', '--dir', dist, '--method', 'tools/list']);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain('fetch');
    const search = await inspector([
      'node',
      CLI,
      'mcp',
      '--dir',
      dist,
      '--method',
      'tools/call',
      '--tool-name',
      'search',
      '--tool-arg',
      'query=завершить визит',
    ]);
    expect(search.code, search.stderr).toBe(0);
    const out = JSON.parse(search.stdout) as { structuredContent: { results: { id: string }[] } };
    expect(out.structuredContent.results[0]!.id).toMatch(/^\/docs\/mobile\/ic3\/visits\/end/);
  });

  it('fetches a page over HTTP, and gets an error for an unknown id', async () => {
    const server = await httpServer(dist);
    try {
      const page = await inspector([
        server.url,
        '--transport',
        'http',
        '--method',
        'tools/call',
        '--tool-name',
        'fetch',
        '--tool-arg',
        'id=/en/docs/support/email',
      ]);
      expect(page.code, page.stderr).toBe(0);
      expect((JSON.parse(page.stdout) as { structuredContent: { title: string } }).structuredContent.title).toBe('E-mail to support');
      const bad = await inspector([
        server.url,
        '--transport',
        'http',
        '--method',
        'tools/call',
        '--tool-name',
        'fetch',
        '--tool-arg',
        'id=/nowhere',
      ]);
      expect(`${bad.stdout}${bad.stderr}`).toMatch(/no page at \/nowhere/);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.stop();
    }
  });
});
