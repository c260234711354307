/**
 * `vitrina-docs mcp` started as an agent starts it (the CLI in a child process, over a built
 * site) and reached with the official SDK's client: on stdio, and on Streamable HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI, ROOT } from '../helpers/project.ts';

export async function stdioClient(dist: string): Promise<{ client: Client; transport: StdioClientTransport; close(): Promise<void> }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--dir', dist], cwd: ROOT, stderr: 'pipe' });
  const client = new Client({ name: 'vitrina-docs-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

/** `vitrina-docs mcp --http --port 0`: its endpoint is the URL it prints. */
export async function httpServer(dist: string): Promise<{ url: string; child: ChildProcess; stop(): void }> {
  const child = spawn(process.execPath, [CLI, 'mcp', '--http', '--port', '0', '--dir', dist], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`vitrina-docs mcp --http exited (${code}): ${err}`)));
  });
  return { url, child, stop: () => child.kill() };
}

export async function httpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'vitrina-docs-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** A tool's answer: its structured content, and the text a model reads. */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export const textOf = (r: CallToolResult) =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => (c as { text: string }).text)
    .join('\n');
