/**
 * What integrators take away from the API reference, run with their own tools against the one
 * Prism the global setup starts on the v1.5 description: the curl samples the site publishes
 * (in each operation's console data) and the Postman collection with its environment, run by
 * newman's command line as the reference tells readers to. Every request must be answered with a
 * success status (Prism checks each request against the description and refuses one that does
 * not match it) and every answer must match the response schema of its operation.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ApiConsoleData } from '@vitrina-docs/schemas';
import { expect, test } from '@playwright/test';
import { responseFor } from '../../renderer/console/exchange.ts';
import { schemaProblems } from '../../renderer/console/schema-check.ts';
import { REPO, distDir } from './nginx.ts';

const run = promisify(execFile);
test.describe.configure({ timeout: 240_000 });

const PRISM = () => {
  const url = process.env.VITRINA_PRISM_URL;
  if (!url) throw new Error('the global setup starts Prism: VITRINA_PRISM_URL is not set');
  return url;
};

/** The console data of every v1.5 operation, as published for the pages of some locales. */
function operations(locales: readonly string[] = ['en']): ApiConsoleData[] {
  const dir = join(distDir(), 'api', 'v1.5', 'operations');
  return readdirSync(dir)
    .filter((f) => locales.some((l) => f.endsWith(`.${l}.json`)))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ApiConsoleData);
}

/** The operation a request went to: its method and the path template that matches the path. */
function operationOf(ops: ApiConsoleData[], method: string, path: string): ApiConsoleData | undefined {
  const matches = ops.filter((op) => op.method === method && new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  // (A literal segment wins over a parameter: /sku/search before /sku/{id}.)
  return matches.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0];
}

function problemsOf(op: ApiConsoleData, status: number, body: string): string[] {
  const documented = responseFor(op, status);
  if (!documented) return [`${status} is not a documented answer`];
  if (!documented.schema || !body) return [];
  return schemaProblems(documented.schema, op.schemas, JSON.parse(body) as unknown);
}

test('the published curl samples of every v1.5 operation, in both languages, are answered by Prism and match the description', async () => {
  const ops = operations(['ru', 'en']);
  expect(ops.length).toBeGreaterThan(50);
  const failed: string[] = [];
  let ran = 0;
  for (const op of ops) {
    // (A multipart upload has no JSON example to send: its sample carries no file.)
    if (op.requestBody === null && op.method === 'POST' && op.path === '/uploads') continue;
    const sample = op.samples.find((s) => s.id === 'curl')!.code;
    const curl = sample.replaceAll(op.servers[0]!.url, PRISM()).replaceAll('<api_key>', 'sample-test-key');
    const { stdout } = await run('bash', ['-c', `${curl} --silent --show-error --write-out '\\n%{http_code}'`], {
      maxBuffer: 16 << 20,
    });
    const lines = stdout.split('\n');
    const status = Number(lines.pop());
    const body = lines.join('\n');
    ran++;
    if (!/^2\d\d$/.test(String(status))) failed.push(`${op.operationId}: ${status} ${body.slice(0, 200)}`);
    else for (const p of problemsOf(op, status, body)) failed.push(`${op.operationId}: ${p}`);
  }
  expect(failed).toEqual([]);
  expect(ran).toBeGreaterThan(50);
});

test('the published Postman collection runs with newman against Prism: every request answered and valid', async () => {
  const dist = distDir();
  const collection = join(dist, 'api', 'v1.5.postman_collection.json');
  const environment = join(dist, 'api', 'v1.5.postman_environment.json');
  // (Its examples are the description's standard, English ones: Russian data stays in the extension keys.)
  expect(readFileSync(collection, 'utf8')).not.toMatch(/\p{Script=Cyrillic}/u);
  const env = JSON.parse(readFileSync(environment, 'utf8')) as { values: { key: string; value: string }[] };
  expect(env.values.map((v) => v.key).sort()).toEqual(['apiKey', 'baseUrl']);
  const dir = mkdtempSync(join(tmpdir(), 'vd-newman-'));
  try {
    const report = join(dir, 'report.json');
    // The reference's own command, with the mock's address and a key put into the environment.
    await run(
      join(REPO, 'node_modules', '.bin', 'newman'),
      [
        'run',
        collection,
        '-e',
        environment,
        '--env-var',
        `baseUrl=${PRISM()}`,
        '--env-var',
        'apiKey=newman-test-key',
        '--reporters',
        'json',
        '--reporter-json-export',
        report,
        '--suppress-exit-code',
      ],
      { maxBuffer: 16 << 20 },
    );
    const summary = JSON.parse(readFileSync(report, 'utf8')) as {
      run: {
        failures: { error: { message: string } }[];
        executions: {
          item: { name: string };
          request: { method: string; url: { path: string[] }; header: { key: string; value: string }[] };
          response?: { code: number; stream?: { data: number[] } };
          requestError?: { message: string };
        }[];
      };
    };
    const ops = operations();
    const executions = summary.run.executions;
    expect(executions.length).toBe(ops.length);
    expect(summary.run.failures.map((f) => f.error.message)).toEqual([]);
    const failed: string[] = [];
    for (const e of executions) {
      const name = `${e.request.method} /${e.request.url.path.join('/')} (${e.item.name})`;
      if (!e.response) {
        failed.push(`${name}: not answered (${e.requestError?.message ?? 'no response'})`);
        continue;
      }
      const auth = e.request.header.find((h) => h.key.toLowerCase() === 'authorization')?.value;
      if (auth !== 'Token newman-test-key') failed.push(`${name}: Authorization ${auth}`);
      const body = Buffer.from(e.response.stream?.data ?? []).toString('utf8');
      if (!/^2\d\d$/.test(String(e.response.code))) {
        failed.push(`${name}: ${e.response.code} ${body.slice(0, 200)}`);
        continue;
      }
      const op = operationOf(ops, e.request.method, `/${e.request.url.path.join('/')}`);
      if (!op) failed.push(`${name}: no operation of the description`);
      else for (const p of problemsOf(op, e.response.code, body)) failed.push(`${name}: ${p}`);
    }
    expect(failed).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
