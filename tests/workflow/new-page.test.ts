import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocFrontmatterSchema, type Diagnostic } from '@vitrina-docs/schemas';
import { findTemplateText } from '../../generator/scaffold/template-text.ts';
import { translationHash } from '../../generator/translations/source-hash.ts';
import { parse } from 'yaml';
import { copyFixture, runCli, treeHash } from '../helpers/project.ts';

/** `vitrina-docs new` on a copy of the small valid site: each page type, then the refusals. */
describe('vitrina-docs new', () => {
  let site: ReturnType<typeof copyFixture>;
  const cli = (...args: string[]) => runCli(['-C', site.root, ...args], site.root);
  const read = (file: string) => readFileSync(join(site.root, file), 'utf8');
  const written: string[] = [];

  beforeAll(() => {
    site = copyFixture('site-ok');
    // Free the fixture's one API operation, so that an API method page can be made for it.
    for (const l of ['ru', 'en']) rmSync(join(site.root, `content/docs/api/backend/methods/v1.5/brands.${l}.md`));
    const tsv = join(site.root, 'content/routes.tsv');
    writeFileSync(tsv, read('content/routes.tsv').replace(/^\/docs\/api\/backend\/methods\/v1\.5\/brands\t.*\n/m, ''));
  });
  afterAll(() => site.cleanup());

  it.each([
    [
      '/docs/support/contacts',
      ['--title', 'Контакты поддержки', '--title-en', 'Support contacts'],
      'how-to',
      'doc',
      ['before-you-start', 'steps', 'result', 'next-steps'],
    ],
    [
      '/docs/business/kpi/oos',
      ['--title', 'Причины отсутствия (OOS)', '--title-en', 'Out-of-stock reasons (OOS)'],
      'concept',
      'doc',
      ['definition', 'formula', 'example'],
    ],
    ['/docs/releases/2022-04', [], 'release-notes', 'doc', ['new', 'improved', 'fixed']],
    [
      '/docs/mobile/ic3/visits/finish',
      ['--type', 'how-to', '--title', 'Завершение визита', '--title-en', 'Finishing a visit'],
      'how-to',
      'doc:ic3',
      ['steps'],
    ],
    [
      '/docs/api/backend/methods/v1.5/brands_list',
      ['--operation', 'brands'],
      'api-method',
      'api-method:v1.5',
      ['request-example', 'response-example', 'pitfalls'],
    ],
  ] as const)('%s: writes a ru+en pair of its type and lists the route', async (route, args, type, kind, ids) => {
    const r = await cli('new', route, ...args);
    expect(r.code, r.stderr).toBe(0);
    // The report is the command's output (stdout); stderr is for diagnostics.
    expect(r.stdout).toContain(`created ${route} (${type}`);
    expect(r.stderr).not.toContain('created');
    const files = ['ru', 'en'].map((l) => `content${route}.${l}.md`);
    for (const f of files) expect(existsSync(join(site.root, f)), f).toBe(true);
    written.push(...files);
    const [ru, en] = files.map(read) as [string, string];
    // Valid frontmatter, explicit heading ids (the same in both), en marked as following ru.
    for (const text of [ru, en]) {
      const fm = DocFrontmatterSchema.parse(parse(/^---\n([\s\S]*?)\n---/.exec(text)![1]!));
      if (type === 'api-method') expect(fm.api?.operation).toBe('brands');
      for (const id of ids) expect(text).toMatch(new RegExp(`^## .+ \\{#${id}\\}$`, 'm'));
      expect(text).not.toMatch(/\b(TODO|TBD|lorem)\b/i);
    }
    expect(ru.match(/^## /gm)).toHaveLength(en.match(/^## /gm)!.length);
    // Each page has its own language's title, and both the same place in their sidebars.
    const [fmRu, fmEn] = [ru, en].map((t) => DocFrontmatterSchema.parse(parse(/^---\n([\s\S]*?)\n---/.exec(t)![1]!)));
    const flags: readonly string[] = args;
    if (flags.includes('--title')) {
      expect(fmRu!.title).toBe(flags[flags.indexOf('--title') + 1]);
      expect(fmEn!.title).toBe(flags[flags.indexOf('--title-en') + 1]);
    }
    expect(fmRu!.title).toMatch(/[а-яё]/i);
    expect(fmEn!.title).not.toMatch(/[а-яё]/i);
    expect(fmRu!.sidebar_position).toEqual(expect.any(Number));
    expect(fmEn!.sidebar_position).toBe(fmRu!.sidebar_position);
    // What to fill in: the description, the lead and each section, in both files.
    for (const f of files)
      expect(r.stdout).toMatch(new RegExp(`${f}\\n {4}line 3 +description\\n {4}line \\d+ +lead paragraph\\n {4}line \\d+ +## `));
    expect(en).toContain(`translation_of: ${translationHash(ru)}`);
    expect(read('content/routes.tsv')).toContain(`${route}\t${route.split('/')[2]}\t${kind}\n`);
  });

  it('writes the category files of new folders', () => {
    for (const f of [
      'content/docs/business/_category.yaml',
      'content/docs/business/kpi/_category.yaml',
      'content/docs/releases/_category.yaml',
    ]) {
      expect(read(f)).toMatch(
        /^# yaml-language-server: \$schema=.*category\.schema\.json\nlabel:\n {2}ru: .+\n {2}en: .+\nposition: \d+\n$/,
      );
    }
  });

  it('writes pages that fail validation until the template text is replaced, then pass', async () => {
    const validate = async () => {
      const r = await runCli(['-C', site.root, 'validate', '--format', 'json'], site.root);
      return { code: r.code, diagnostics: (JSON.parse(r.stdout) as { diagnostics: Diagnostic[] }).diagnostics };
    };
    const before = await validate();
    expect(before.code).toBe(1);
    const errors = before.diagnostics.filter((d) => d.severity === 'error');
    expect(new Set(errors.map((d) => d.code))).toEqual(new Set(['template-text']));
    // Every new file, its description and its body.
    for (const f of written) {
      expect(errors.filter((d) => d.file === f).map((d) => d.line)).toContain(3);
      expect(errors.filter((d) => d.file === f && d.line > 5).length, f).toBeGreaterThan(2);
    }
    expect(errors.filter((d) => !written.includes(d.file))).toEqual([]);

    // A writer replaces each instruction with the page's own words.
    for (const f of written) {
      const en = f.endsWith('.en.md');
      let n = 0;
      const text = read(f)
        .split('\n')
        .map((line) => {
          if (!findTemplateText(line)) return line;
          n++;
          if (line.startsWith('description:'))
            return en
              ? 'description: "How a field agent or a supervisor does this in the app or the portal, and what to check first."'
              : 'description: "Как полевой сотрудник или супервайзер делает это в приложении или на портале и что проверить заранее."';
          const prefix = /^\s*(?:[-*]|\d+\.)\s+/.exec(line)?.[0] ?? '';
          return `${prefix}${en ? `Step ${n} of the page, in the writer's own words.` : `Шаг ${n} страницы, своими словами автора.`}`;
        })
        .join('\n');
      writeFileSync(join(site.root, f), text);
    }
    for (const f of written.filter((w) => w.endsWith('.en.md'))) {
      const r = await cli('translations', '--mark', f);
      expect(r.code, r.stderr).toBe(0);
    }
    const after = await validate();
    const left = after.diagnostics.filter((d) => d.severity === 'error' || d.code === 'template-text');
    expect(left, JSON.stringify(left)).toEqual([]);
    expect(after.code).toBe(0);
  });

  it.each([
    [['/docs/support/contacts'], /route \/docs\/support\/contacts already exists: content\/docs\/support\/contacts\.ru\.md/],
    [['/docs/mobile/ic3'], /already exists/],
    [['/docs/support/other'], /the ru page needs a title: pass --title "<ru title>" --title-en "<en title>"/],
    [['/docs/support/other', '--title', 'Другая страница'], /the en page needs a title/],
    [
      ['/docs/api/backend/methods/v1.5/other', '--operation', 'brandz'],
      /operation "brandz" is not in content\/api\/v1\.5\.yaml \(did you mean "brands"\?\)/,
    ],
    [['/docs/Support/Bad'], /not a valid route: "Support" is not a valid route segment/],
    [['/docs/portal/a b'], /not a valid route/],
    [['/docs/wiki/page'], /\/docs\/wiki is not a sidebar/],
    [['/blog/news'], /not a docs route/],
    [['/docs/support/contacts/index'], /does not end in \/index/],
    [['/docs/support/contacts/more'], /\/docs\/support\/contacts is a page, not a folder/],
    [['/docs/api/backend/methods/v1.5/other'], /needs --operation/],
    [['/docs/api/backend/methods/v1.5/other', '--operation', 'brands'], /operation "brands" already has a page/],
    [['/docs/api/backend/methods/v1.5/other', '--operation', 'nope'], /operation "nope" is not in content\/api\/v1\.5\.yaml/],
    [['/docs/support/other', '--type', 'api-method', '--operation', 'brands'], /versioned API folder/],
    [['/docs/support/other', '--type', 'essay'], /Allowed choices are/],
    [['/docs/support/other', '--title', 'No', '--title-en', 'Other page'], /title is not valid/],
  ])('refuses %j (exit 2), writing nothing', async (args, message) => {
    const before = treeHash(join(site.root, 'content'));
    const r = await cli('new', ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(treeHash(join(site.root, 'content'))).toBe(before);
  });
});
