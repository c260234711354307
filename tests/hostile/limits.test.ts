/**
 * Extreme pages: past a limit, a page gets an error with its file and line instead of
 * crashing the run (a stack overflow, an exhausted heap, minutes of parsing).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMarkdown, runPipeline } from '@vitrina-docs/generator';
import type { Diagnostic } from '@vitrina-docs/schemas';
import { openSearch } from '@vitrina-docs/search';
import { folderSource } from '@vitrina-docs/search/node';
import { MARKDOWN_LIMITS } from '../../generator/markdown/limits.ts';
import { copyFixture, runCli } from '../helpers/project.ts';

const LEAD = 'Эта страница проверяет, как генератор обходится с крайними случаями разметки.\n\n## Раздел {#section}\n\n';

/** A ru+en page pair under content/docs/support with the same body. */
function writePair(root: string, slug: string, body: string): string {
  for (const locale of ['ru', 'en']) {
    const fm = `---\ntitle: Hostile ${slug}\ndescription: A page written to test how the generator copes with hostile or extreme markdown input.\n---\n`;
    writeFileSync(join(root, `content/docs/support/${slug}.${locale}.md`), fm + body);
  }
  return `content/docs/support/${slug}.ru.md`;
}

const table = (rows: number, cols: number) =>
  ['|' + ' h |'.repeat(cols), '|' + '---|'.repeat(cols), ...Array.from({ length: rows }, (_, i) => '|' + ` c${i} |`.repeat(cols))].join(
    '\n',
  );

// A 5,000-character base64 blob: elasticlunr stores a token as one nested object per character.
const BLOB = Buffer.from('x'.repeat(3750)).toString('base64');

describe('compileMarkdown on extreme input', () => {
  const errorsOf = async (source: string) =>
    (await compileMarkdown(source)).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.code}`);

  it('reports 1,000 nested list levels and 10,000 nested quotes, at the line where the nesting passes the limit', async () => {
    expect(await errorsOf(`Lead.\n\n${'- '.repeat(1000)}x\n`)).toEqual(['3:1 nesting-too-deep']);
    expect(await errorsOf(Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n'))).toEqual([
      `${MARKDOWN_LIMITS.nesting + 1}:1 nesting-too-deep`,
    ]);
    expect(await errorsOf(`Lead.\n\n${'>'.repeat(10_000)} x\n`)).toEqual(['3:1 nesting-too-deep']);
    expect(await errorsOf(`Lead.\n\n${':::note\n'.repeat(50)}`)).toEqual([`${MARKDOWN_LIMITS.nesting + 3}:1 nesting-too-deep`]);
  });

  it('reports inline nesting past the depth limit at the node where it passes', async () => {
    const nested = `${'*a _b '.repeat(30)}x${' b_ a*'.repeat(30)}`;
    const [error] = (await compileMarkdown(`Lead.\n\n${nested}\n`)).diagnostics;
    expect(error).toMatchObject({ code: 'nesting-too-deep', line: 3 });
  });

  it('reports a 2 MB table, and a table of more cells than the limit, at its first line', async () => {
    expect(await errorsOf(`Lead.\n\n${table(20_000, 50)}\n`)).toEqual(['1:1 page-too-large']);
    expect(await errorsOf(`Lead.\n\n## Data {#data}\n\n${table(400, 8)}\n`)).toEqual(['5:1 table-too-large']);
    // A table as large as real ones passes.
    expect(await errorsOf(`Lead.\n\n${table(40, 5)}\n`)).toEqual([]);
  });

  it('reports a paragraph of thousands of emphasis or bracket marks (quadratic to parse)', async () => {
    expect(await errorsOf(`Lead.\n\n${'*a'.repeat(5000)}\n`)).toEqual(['3:1 markup-too-dense']);
    expect(await errorsOf(`Lead.\n\n${'[!['.repeat(1000)}x${'](y)]'.repeat(1000)}\n`)).toEqual(['3:1 markup-too-dense']);
  });

  it('reports a page of more blocks than the limit', async () => {
    expect(await errorsOf(`Lead.\n\n${'- a\n'.repeat(MARKDOWN_LIMITS.blocks)}`)).toEqual([
      `${MARKDOWN_LIMITS.blocks / 2 + 2}:1 page-too-large`,
    ]);
  });

  it('warns about a word too long for the search index, and compiles the page', async () => {
    const out = await compileMarkdown(`Lead with a blob: ${BLOB}\n`);
    expect(out.diagnostics).toEqual([expect.objectContaining({ code: 'word-too-long', severity: 'warning', line: 1 })]);
    expect(JSON.stringify(out.body)).toContain(BLOB);
  });
});

describe('validate and build on extreme pages', () => {
  const fixture = copyFixture('site-ok');
  afterAll(() => fixture.cleanup());

  it('validate names the file and line of each page past a limit, and exits 1 (no stack trace)', async () => {
    const files = {
      deep: writePair(fixture.root, 'deep-quote', `${LEAD}${'>'.repeat(10_000)} x\n`),
      lists: writePair(fixture.root, 'deep-list', LEAD + Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')),
      table: writePair(fixture.root, 'big-table', `${LEAD}${table(20_000, 50)}\n`),
    };
    const r = await runCli(['-C', fixture.root, 'validate']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/RangeError|Maximum call stack|\n\s+at /);
    expect(r.stderr).toContain(`${files.deep}:9:1  error  nesting-too-deep`);
    expect(r.stderr).toContain(`${files.lists.replace('.ru.', '.en.')}:1:1  error  page-too-large`);
    expect(r.stderr).toContain(`${files.table}:1:1  error  page-too-large`);
  });
});

describe('a build with a 5,000-character word', () => {
  const fixture = copyFixture('site-ok');
  afterAll(() => fixture.cleanup());

  it('succeeds, warns where the word is, and leaves the word out of the search index', async () => {
    const page = writePair(fixture.root, 'blob', `${LEAD}Ключ выдачи: ${BLOB}. Вставьте его в настройки.\n`);
    const result = await runPipeline({ root: fixture.root, mode: 'build', prerender: false, cache: false });
    expect(result.errors).toBe(0);
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ file: page, line: 9, code: 'word-too-long' }) as Diagnostic);
    const search = join(fixture.root, 'dist', 'search');
    // The index files: the entry, the words, the postings and the stock elasticlunr JSON (the
    // documents and section text files keep the text as it is, for showing a hit).
    const indexFiles = readdirSync(search, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.json') && !f.endsWith('.docs.json') && !/(^|\/)s\d+\.[0-9a-f]+\.json$/.test(f),
    );
    expect(indexFiles.some((f) => f.endsWith('.elasticlunr.json'))).toBe(true);
    const all = indexFiles.map((f) => readFileSync(join(search, f), 'utf8')).join('\n');
    expect(all.toLowerCase()).not.toContain(BLOB.slice(0, 300).toLowerCase());
    // The rest of the section is indexed: the site's search finds the page by its other words.
    const site = await openSearch({ site: folderSource(join(fixture.root, 'dist')) });
    const hits = await site.search('вставьте настройки', { locale: 'ru' });
    expect(hits.map((h) => h.route)).toContain('/docs/support/blob');
  });
});
