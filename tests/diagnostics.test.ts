import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../generator/build.ts';
import type { Diagnostic } from '@vitrina-docs/schemas';
import { ROOT, copyFixture, runCli } from './helpers/project.ts';

// One fixture per check of the content contract, each at a known file and line
// (tests/fixtures/site-bad/expected.tsv), some with a part of the message they must have.
const rows = readFileSync(join(ROOT, 'tests/fixtures/site-bad/expected.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [file, line, code, message] = l.split('\t');
    return { key: `content/${file}:${line} ${code}`, message };
  });
const expected = rows.map((r) => r.key);

describe('diagnostics on the failing fixture', () => {
  const fixture = copyFixture('site-bad');
  let diagnostics: Diagnostic[] = [];
  beforeAll(async () => {
    diagnostics = (await runPipeline({ root: fixture.root, mode: 'validate', cache: false })).diagnostics;
  });
  afterAll(() => fixture.cleanup());

  const errors = () => diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.code}`);

  it.each(expected)('reports %s', (entry) => {
    expect(errors()).toContain(entry);
  });

  it('reports nothing else', () => {
    expect(errors().sort()).toEqual([...expected].sort());
  });

  it('covers every check of the content contract', () => {
    const codes = new Set(expected.map((e) => e.slice(e.lastIndexOf(' ') + 1)));
    for (const code of [
      'yaml-syntax',
      'frontmatter-invalid',
      'duplicate-route',
      'missing-translation',
      'translation-sections-mismatch',
      'translation-code-mismatch',
      'broken-link',
      'broken-anchor',
      'locale-prefix-link',
      'missing-image',
      'missing-alt',
      'raw-html',
      'unknown-directive',
      'code-without-language',
      'empty-page',
      'no-section',
      'placeholder-text',
      'category-invalid',
      'i18n-keys-mismatch',
      'invalid-file-name',
      'unknown-operation',
      'openapi-invalid',
      'example-schema-mismatch',
      'site-config-invalid',
      'h1-in-body',
      'unknown-fact',
      'duplicate-heading-id',
      'template-text',
    ])
      expect(codes, code).toContain(code);
  });

  it.each(rows.filter((r) => r.message))('says what was meant: %s', ({ key, message }) => {
    const found = diagnostics.filter((d) => `${d.file}:${d.line} ${d.code}` === key).map((d) => d.message);
    expect(
      found.some((m) => m.includes(message!)),
      `${key}: ${JSON.stringify(found)}`,
    ).toBe(true);
  });

  it('runs every check on a file whose frontmatter has an error, and reports a missing key at the frontmatter block', () => {
    const typos = diagnostics.filter((d) => d.file === 'content/docs/support/typos.ru.md' && d.severity === 'error');
    expect(typos.map((d) => d.code)).toEqual(
      expect.arrayContaining(['frontmatter-invalid', 'broken-link', 'broken-anchor', 'unknown-directive', 'unknown-fact', 'missing-image']),
    );
    const missing = diagnostics.find((d) => d.file === 'content/docs/support/typos.en.md' && d.code === 'frontmatter-invalid');
    expect(missing).toMatchObject({ line: 1, column: 1 });
  });

  it('checks the anchors of relative links when only some files are checked (a pre-commit hook)', async () => {
    const partial = await runPipeline({ root: fixture.root, mode: 'validate', cache: false, files: ['content/docs/support/typos.ru.md'] });
    const anchors = partial.diagnostics.filter((d) => d.code === 'broken-anchor').map((d) => `${d.file}:${d.line}`);
    expect(anchors).toEqual(['content/docs/support/typos.ru.md:13', 'content/docs/support/typos.ru.md:23']);
  });

  it('names the key, the value found and what was expected', () => {
    const wrongType = diagnostics.find((d) => d.code === 'frontmatter-invalid' && d.file.endsWith('frontmatter.en.md'));
    expect(wrongType?.message).toMatch(/"sidebar_position" is "first": expected number/);
    const unknown = diagnostics.find((d) => d.code === 'frontmatter-invalid' && /unknown key/.test(d.message));
    expect(unknown?.message).toContain('"titel"');
  });

  it('prints compiler-style lines, sorted, and exits 1 (CLI)', async () => {
    const r = await runCli(['-C', fixture.root, 'validate']);
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => /^content\/.+:\d+:\d+ {2}(error|warning) {2}[a-z-]+ {2}/.test(l));
    expect(lines.length).toBeGreaterThanOrEqual(expected.length);
    expect(lines).toContain(lines.find((l) => l.startsWith('content/docs/support/links.ru.md:9:1  error  broken-link')));
    const keys = lines.map((l) => l.split('  ')[0]!);
    const sortKey = (k: string) => {
      const [f = '', ln = '0', c = '0'] = k.split(':');
      return [f, Number(ln), Number(c)] as const;
    };
    const sorted = [...keys].sort((a, b) => {
      const x = sortKey(a);
      const y = sortKey(b);
      return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1] || x[2] - y[2];
    });
    expect(keys).toEqual(sorted);
  });

  it('prints JSON with --format json', async () => {
    const r = await runCli(['-C', fixture.root, 'validate', '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { diagnostics: Diagnostic[]; errors: number };
    expect(out.errors).toBe(expected.length);
    expect(out.diagnostics[0]).toMatchObject({
      file: expect.any(String),
      line: expect.any(Number),
      column: expect.any(Number),
      code: expect.any(String),
    });
  });
});
