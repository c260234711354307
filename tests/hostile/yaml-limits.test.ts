/**
 * YAML and OpenAPI read with limits: alias expansion ("billion laughs"), more aliases than
 * allowed beside a syntax error, `$ref: "#"` and references through inherited names are each
 * an error at their file and line, quickly, and the run keeps its other findings.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '@vitrina-docs/generator';
import type { Diagnostic } from '@vitrina-docs/schemas';
import { copyFixture, runCli } from '../helpers/project.ts';

/** Nine levels of ten aliases each: 10⁹ strings once expanded. */
export function aliasLadder(indent = ''): string {
  const lines = [`${indent}a0: &a0 [${Array(10).fill('"lol"').join(', ')}]`];
  for (let i = 1; i < 10; i++)
    lines.push(
      `${indent}a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('YAML past its limits', () => {
  const fixture = copyFixture('site-ok');
  const path = (p: string) => join(fixture.root, 'content', p);
  let diagnostics: Diagnostic[] = [];
  const errorsOf = (file: string) =>
    diagnostics.filter((d) => d.file === `content/${file}` && d.severity === 'error').map((d) => `${d.line} ${d.code}`);

  beforeAll(async () => {
    appendFileSync(path('api/v1.5.yaml'), `x-ladder:\n${aliasLadder('  ')}`);
    appendFileSync(path('facts.yaml'), `ladder:\n${aliasLadder('  ')}`);
    const page = path('docs/support/index.ru.md');
    writeFileSync(page, readFileSync(page, 'utf8').replace(/^---\n/, `---\nkeywords:\n${aliasLadder('  ')}`));
    // More than 100 aliases, and a syntax error (a key written twice).
    const category = path('docs/support/_category.yaml');
    appendFileSync(category, `list: &x [1]\nmany: [${Array(120).fill('*x').join(', ')}]\nposition: 4\n`);
    // A finding of another kind, which the run must keep.
    const en = path('docs/support/index.en.md');
    writeFileSync(en, `${readFileSync(en, 'utf8')}\n[broken](./no-such-page.md)\n`);
    diagnostics = (await runPipeline({ root: fixture.root, mode: 'validate', cache: false })).diagnostics;
  }, 60_000);
  afterAll(() => fixture.cleanup());

  it('an alias ladder in an OpenAPI description, facts.yaml or frontmatter is an error at its first alias', () => {
    const api = readFileSync(path('api/v1.5.yaml'), 'utf8');
    expect(errorsOf('api/v1.5.yaml')).toEqual([`${lineOf(api, 'a1: &a1')} yaml-too-large`]);
    const facts = readFileSync(path('facts.yaml'), 'utf8');
    expect(errorsOf('facts.yaml')).toEqual([`${lineOf(facts, 'a1: &a1')} yaml-too-large`]);
    const page = readFileSync(path('docs/support/index.ru.md'), 'utf8');
    expect(errorsOf('docs/support/index.ru.md')).toEqual([`${lineOf(page, 'a1: &a1')} yaml-too-large`]);
  });

  it('more than 100 aliases beside a syntax error gives the syntax error, at its line', () => {
    const text = readFileSync(path('docs/support/_category.yaml'), 'utf8');
    expect(errorsOf('docs/support/_category.yaml')).toEqual([`${text.split('\n').lastIndexOf('position: 4') + 1} yaml-syntax`]);
  });

  it("keeps the run's other findings, and no message quotes a whole value", () => {
    expect(errorsOf('docs/support/index.en.md')).toContain(
      `${lineOf(readFileSync(path('docs/support/index.en.md'), 'utf8'), '[broken]')} broken-link`,
    );
    for (const d of diagnostics) expect(d.message.length, d.message.slice(0, 200)).toBeLessThan(1000);
  });
});

describe('OpenAPI references that lead nowhere', () => {
  const fixture = copyFixture('site-ok');
  const api = join(fixture.root, 'content/api/v1.5.yaml');
  afterAll(() => fixture.cleanup());

  it('`$ref: "#"` and `#/__proto__/constructor` are errors at their line; validate and build exit 1 without a stack trace', async () => {
    const text = readFileSync(api, 'utf8')
      .replace('items: { $ref: "#/components/schemas/Brand" }', 'items: { $ref: "#" }')
      .replace('schema: { $ref: "#/components/schemas/Error" }', 'schema: { $ref: "#/__proto__/constructor" }');
    writeFileSync(api, text);
    for (const command of ['validate', 'build']) {
      const r = await runCli(['-C', fixture.root, command, ...(command === 'build' ? ['--no-prerender'] : [])]);
      expect(r.code, command).toBe(1);
      expect(r.stderr).not.toMatch(/RangeError|Maximum call stack|\n\s+at /);
      expect(r.stderr).toContain(`content/api/v1.5.yaml:${lineOf(text, '$ref: "#" }')}:`);
      expect(r.stderr).toContain(`content/api/v1.5.yaml:${lineOf(text, '__proto__')}:`);
    }
  }, 120_000);
});
