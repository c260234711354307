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
import type { ApiConsoleData } from '@vitrina-docs/schemas';
import { consoleData } from '../generator/openapi/console-data.ts';
import { HTTP_METHODS } from '../generator/openapi/load-openapi.ts';

const ROOT = join(import.meta.dirname, '..');

function operations(version: string): ApiConsoleData[] {
  const doc = parse(readFileSync(join(ROOT, 'content', 'api', `${version}.yaml`), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const out: ApiConsoleData[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of HTTP_METHODS) if (item[method]) out.push(consoleData(doc, version, path, method));
  return out;
}

const ALL = [...operations('v1.5'), ...operations('v1')];
const dir = mkdtempSync(join(tmpdir(), 'vd-samples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sampleOf = (op: ApiConsoleData, id: string) => op.samples.find((s) => s.id === id)!.code;
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });

describe('request samples', () => {
  it('every operation has a sample in each of the five languages', () => {
    expect(ALL.length).toBeGreaterThan(50);
    for (const op of ALL) expect(op.samples.map((s) => s.id)).toEqual(['curl', 'python', 'javascript', 'java', 'csharp']);
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
