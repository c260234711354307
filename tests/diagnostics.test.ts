import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../generator/build.ts';
import type { Diagnostic } from '@vitrina-docs/schemas';
import { ROOT, copyFixture, runCli } from './helpers/project.ts';

// One fixture per check of the content contract, each at a known file and line, or line and
// column (tests/fixtures/site-bad/expected.tsv), some with a part of the message they must have.
const rows = readFileSync(join(ROOT, 'tests/fixtures/site-bad/expected.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [file, line, code, message] = l.split('\t');
    return { key: `content/${file}:${line} ${code}`, message };
  });
const expected = rows.map((r) => r.key);
/** Where an expected entry names a column, the diagnostic must be at that column too. */
const withColumn = new Set(expected.map((e) => e.slice(0, e.indexOf(' ')).replace(/:\d+$/, '')));
const keyOf = (d: Diagnostic) =>
  withColumn.has(`${d.file}:${d.line}`) ? `${d.file}:${d.line}:${d.column} ${d.code}` : `${d.file}:${d.line} ${d.code}`;

describe('diagnostics on the failing fixture', () => {
  const fixture = copyFixture('site-bad');
  let diagnostics: Diagnostic[] = [];
  beforeAll(async () => {
    diagnostics = (await runPipeline({ root: fixture.root, mode: 'validate', cache: false })).diagnostics;
  });
  afterAll(() => fixture.cleanup());

  const errors = () => diagnostics.filter((d) => d.severity === 'error').map(keyOf);

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
      'unknown-endpoint',
      'example-unknown-schema',
      'unsafe-link',
      'template-text',
    ])
      expect(codes, code).toContain(code);
  });

  it('names the schema, the field and what was expected in a JSON example, at the value', () => {
    const at = (line: number) => diagnostics.find((d) => d.file.endsWith('support/json-example.en.md') && d.line === line);
    expect(at(10)?.message).toBe('the object lacks the required field "name" (v1.5:Brand)');
    expect(at(11)?.message).toBe('id is "seven": expected integer (v1.5:Brand)');
    expect(at(13)?.message).toBe('field "colour" is not in the schema (v1.5:Brand)');
  });

  it('says which description lacks an endpoint, and which methods its path has', () => {
    const post = diagnostics.find((d) => d.code === 'unknown-endpoint' && d.file.endsWith('endpoints.en.md') && d.line === 13);
    expect(post?.message).toContain(
      'POST /api/v1.5/catalog/brands is not an operation of content/api/v1.5.yaml (it has GET /catalog/brands)',
    );
  });

  it('warns of an OpenAPI text without its Russian version, at its key', () => {
    const missing = diagnostics.filter((d) => d.code === 'openapi-missing-ru');
    expect(missing).toEqual([
      expect.objectContaining({
        file: 'content/api/v1.5.yaml',
        line: 10,
        column: 7,
        severity: 'warning',
        message: expect.stringContaining('paths."/catalog/brands".get.description has no Russian text: add x-description-ru'),
      }),
    ]);
  });

  it.each(rows.filter((r) => r.message))('says what was meant: %s', ({ key, message }) => {
    const found = diagnostics.filter((d) => keyOf(d) === key).map((d) => d.message);
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

describe('a missing Russian OpenAPI text', () => {
  it('is a warning, and an error with --strict', async () => {
    const fixture = copyFixture('site-ok');
    const failing = async () =>
      (JSON.parse((await runCli(['-C', fixture.root, 'validate', '--strict', '--format', 'json'])).stdout) as { errors: number }).errors;
    try {
      const before = await failing();
      const file = join(fixture.root, 'content/api/v1.5.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(', x-description-ru: Номер страницы', ''));
      const plain = await runCli(['-C', fixture.root, 'validate']);
      expect(plain.code).toBe(0);
      expect(plain.stderr).toMatch(
        /content\/api\/v1\.5\.yaml:11:\d+ {2}warning {2}openapi-missing-ru {2}paths\."\/catalog\/brands"\.get\.parameters\[0\]\.description has no Russian text/,
      );
      expect(await failing()).toBe(before + 1);
    } finally {
      fixture.cleanup();
    }
  });
});

describe('the languages of the OpenAPI examples', () => {
  it('reports an English example in Cyrillic, a Russian one of another shape, and words without Russian data, at their lines and columns', async () => {
    const fixture = copyFixture('site-ok');
    try {
      const file = join(fixture.root, 'content/api/v1.5.yaml');
      const text = readFileSync(file, 'utf8')
        .replace('x-description-ru: Идентификатор }', 'x-description-ru: Идентификатор, example: 201, x-example-ru: 202 }')
        .replace('x-description-ru: Название }', 'x-description-ru: Название, example: Утренний луг }')
        .replace('      required: [id, name]\n', '      required: [id, name]\n      example: { id: 201, name: Utrenny Lug }\n');
      writeFileSync(file, text);
      const result = await runCli(['-C', fixture.root, 'validate']);
      expect(result.code).toBe(1);
      const lines = result.stderr.split('\n');
      const at = (code: string) => lines.filter((l) => l.includes(`  ${code}  `));
      expect(at('openapi-example-cyrillic')).toEqual([
        expect.stringMatching(
          /^content\/api\/v1\.5\.yaml:61:93 {2}error {2}openapi-example-cyrillic {2}components\.schemas\.Brand\.properties\.name\.example is "Утренний луг": the standard example is English .* put the Russian data in x-example-ru beside example/,
        ),
      ]);
      expect(at('openapi-example-ru-mismatch')).toEqual([
        expect.stringMatching(
          /^content\/api\/v1\.5\.yaml:60:114 {2}error {2}openapi-example-ru-mismatch {2}components\.schemas\.Brand\.properties\.id\.x-example-ru is 202, the English example has 201/,
        ),
      ]);
      expect(at('openapi-example-missing-ru')).toEqual([
        expect.stringMatching(
          /^content\/api\/v1\.5\.yaml:58:7 {2}warning {2}openapi-example-missing-ru {2}components\.schemas\.Brand\.example has words \("Utrenny Lug"\) but no Russian data: add x-example-ru beside it/,
        ),
      ]);
      // With the Russian data beside it, in the same shape, the description is clean again.
      writeFileSync(
        file,
        text
          .replace('example: 201, x-example-ru: 202 }', 'example: 201 }')
          .replace('example: Утренний луг }', 'example: Utrenny Lug, x-example-ru: Утренний луг }')
          .replace('Utrenny Lug }\n', 'Utrenny Lug }\n      x-example-ru: { id: 201, name: Утренний луг }\n'),
      );
      const clean = await runCli(['-C', fixture.root, 'validate']);
      expect(clean.stderr).not.toMatch(/openapi-example/);
      expect(clean.code).toBe(0);
    } finally {
      fixture.cleanup();
    }
  });
});
