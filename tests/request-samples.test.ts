/**
 * The request samples of every operation of both descriptions, checked by the real tool of each
 * language, all samples of a language in one call: Python's compiler, Node's parser, javac,
 * mono's C# compiler. (The curl samples are run against Prism by tests/e2e/api-tools.spec.ts,
 * beside the one Prism of the browser tests.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiConsoleData, LocaleCode } from '@vitrina-docs/schemas';
import { consoleData } from '../generator/openapi/console-data.ts';
import { HTTP_METHODS } from '../generator/openapi/load-openapi.ts';
import { localizeExamples } from '../generator/openapi/localized-examples.ts';

const ROOT = join(import.meta.dirname, '..');

/** The console data of every operation of a description, with the examples of a locale's pages. */
function operations(version: string, locale: LocaleCode): ApiConsoleData[] {
  const raw = parse(readFileSync(join(ROOT, 'content', 'api', `${version}.yaml`), 'utf8')) as Record<string, unknown>;
  const doc = localizeExamples(raw, locale) as { paths: Record<string, Record<string, unknown>> };
  const out: ApiConsoleData[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of HTTP_METHODS) if (item[method]) out.push(consoleData(doc, version, path, method));
  return out;
}

const EN = [...operations('v1.5', 'en'), ...operations('v1', 'en')];
const RU = [...operations('v1.5', 'ru'), ...operations('v1', 'ru')];
/** Every sample once: a Russian one is checked where it differs from the English. */
const ALL = [...EN, ...RU.filter((op, i) => JSON.stringify(op.samples) !== JSON.stringify(EN[i]!.samples))];
const dir = mkdtempSync(join(tmpdir(), 'vd-samples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sampleOf = (op: ApiConsoleData, id: string) => op.samples.find((s) => s.id === id)!.code;
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });

const CYRILLIC = /\p{Script=Cyrillic}/u;
/** What the console of an operation shows from the description's examples. */
const shown = (op: ApiConsoleData) =>
  JSON.stringify([
    op.parameters.map((p) => p.example),
    op.requestBody?.example,
    op.responses.map((r) => [r.example, r.headers]),
    op.samples,
  ]);

describe('request samples', () => {
  it('every operation has a sample in each of the five languages', () => {
    expect(EN.length).toBeGreaterThan(50);
    for (const op of [...EN, ...RU]) expect(op.samples.map((s) => s.id)).toEqual(['curl', 'python', 'javascript', 'java', 'csharp']);
  });

  it('English pages get examples, samples and mock answers with no Cyrillic; Russian pages the Russian dataset', () => {
    for (const op of EN) expect(shown(op), `${op.version} ${op.operationId}`).not.toMatch(CYRILLIC);
    const ru = (version: string, id: string) => shown(RU.find((op) => op.version === version && op.operationId === id)!);
    const en = (version: string, id: string) => shown(EN.find((op) => op.version === version && op.operationId === id)!);
    expect(ru('v1.5', 'brands')).toContain('"name":"Утренний луг"');
    expect(en('v1.5', 'brands')).toContain('"name":"Utrenny Lug"');
    expect(RU.find((op) => op.operationId === 'brands')!.parameters.find((p) => p.name === 'search')?.example).toBe('луг');
    expect(ru('v1.5', 'mhl')).toContain('"regions":["Москва","Московская область"]');
    expect(en('v1.5', 'mhl')).toContain('"regions":["Moscow","Moscow Oblast"]');
    const stores = RU.find((op) => op.version === 'v1' && op.method === 'GET' && op.path.replace(/\/$/, '') === '/stores')!;
    expect(shown(stores)).toContain('"name":"Квартал №118","address":"Москва, Тверская ул., 12"');
    // (An example without words, such as an id, is the same on both.)
    expect(ru('v1.5', 'brands_id')).toContain('"id":201');
  });

  it('Python samples compile (python3 -m py_compile)', () => {
    const files = ALL.map((op, i) => {
      const file = join(dir, `sample_${i}.py`);
      writeFileSync(file, sampleOf(op, 'python'));
      return file;
    });
    const r = run('python3', ['-m', 'py_compile', ...files]);
    expect(r.stderr, r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('JavaScript samples parse (node --check), each in a block of one module', () => {
    // (A block of its own per sample: their `const`s do not clash; top-level await stays allowed.)
    const file = join(dir, 'samples.mjs');
    writeFileSync(file, ALL.map((op) => `// ${op.version} ${op.operationId}\n{\n${sampleOf(op, 'javascript')}\n}\n`).join('\n'));
    const r = run(process.execPath, ['--check', file]);
    expect(r.stderr, r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('Java samples compile (javac), each inside a method of a class', () => {
    const files = ALL.map((op, i) => {
      const file = join(dir, `Sample${i}.java`);
      writeFileSync(
        file,
        `import java.net.URI;\nimport java.net.http.HttpClient;\nimport java.net.http.HttpRequest;\nimport java.net.http.HttpResponse;\n\npublic class Sample${i} {\n  public static void main(String[] args) throws Exception {\n${sampleOf(op, 'java')}\n  }\n}\n`,
      );
      return file;
    });
    const r = run('javac', ['-d', join(dir, 'classes'), ...files]);
    expect(r.stderr, r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 120_000);

  it('C# samples compile (mono mcs), each inside an async method of a class', () => {
    const files = ALL.map((op, i) => {
      const code = sampleOf(op, 'csharp');
      const usings = code.split('\n').filter((l) => /^using [\w.]+;$/.test(l));
      const body = code
        .split('\n')
        .filter((l) => !/^using [\w.]+;$/.test(l))
        .join('\n');
      const file = join(dir, `Sample${i}.cs`);
      writeFileSync(
        file,
        `using System;\nusing System.Net.Http;\nusing System.Threading.Tasks;\n${usings.join('\n')}\n\nclass Sample${i}\n{\n  static async Task Run()\n  {\n${body}\n  }\n}\n`,
      );
      return file;
    });
    const r = run('mcs', ['-target:library', '-r:System.Net.Http.dll', `-out:${join(dir, 'samples.dll')}`, ...files]);
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  }, 120_000);
});
