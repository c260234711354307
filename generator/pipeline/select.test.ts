import { describe, expect, it } from 'vitest';
import type { CheckedSite } from './check.ts';
import { pagesToCheck } from './select.ts';

/** A site of pages given by file and body (what the selection reads). */
function site(pages: Record<string, string>): CheckedSite {
  return {
    pages: Object.entries(pages).map(([file, body]) => {
      const m = /^content(\/docs\/.+)\.(ru|en)\.md$/.exec(file)!;
      const key = m[1]!.replace(/\/index$/, '');
      const locale = m[2]!;
      return { key, locale, path: locale === 'ru' ? key : `/en${key}`, src: { file, body } };
    }),
  } as unknown as CheckedSite;
}

describe('the pages a pre-commit check of a few files compiles and reports on', () => {
  const s = site({
    'content/docs/a/start.ru.md': 'Начало.',
    'content/docs/a/start.en.md': 'Start.',
    'content/docs/a/start-more.ru.md': 'See [more](/docs/a/start-more#x) and [b](/docs/b#y).',
    'content/docs/a/guide.ru.md': 'See [start](/docs/a/start#step-2) and [c](/docs/c).',
    'content/docs/a/sibling.ru.md': 'See [start](./start.md).',
    'content/docs/b.ru.md': '## y',
    'content/docs/c.ru.md': '## z',
  });

  it('reports the changed page, its translation and the pages that link to it, by route or relative file', () => {
    const { report } = pagesToCheck(s, ['content/docs/a/start.ru.md']);
    expect([...report].sort()).toEqual([
      'content/docs/a/guide.ru.md',
      'content/docs/a/sibling.ru.md',
      'content/docs/a/start.en.md',
      'content/docs/a/start.ru.md',
    ]);
  });

  it('leaves out a page whose links only start like the changed route', () => {
    expect(pagesToCheck(s, ['content/docs/a/start.ru.md']).report.has('content/docs/a/start-more.ru.md')).toBe(false);
  });

  it('compiles the targets of anchored links (for their heading ids), not those of plain links', () => {
    const { compile } = pagesToCheck(s, ['content/docs/a/guide.ru.md']);
    expect(compile.has('content/docs/a/start.ru.md')).toBe(true);
    expect(compile.has('content/docs/c.ru.md')).toBe(false);
  });
});
