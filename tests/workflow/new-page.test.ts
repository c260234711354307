import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocFrontmatterSchema, type Diagnostic } from '@vitrina-docs/schemas';
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
    ['/docs/support/contacts', [], 'how-to', 'doc', ['before-you-start', 'steps', 'result', 'next-steps']],
    [
      '/docs/business/kpi/oos',
      ['--title', 'Причины отсутствия (OOS)', '--title-en', 'Out-of-stock reasons (OOS)'],
      'concept',
      'doc',
      ['definition', 'formula', 'example'],
    ],
    ['/docs/releases/2022-04', [], 'release-notes', 'doc', ['new', 'improved', 'fixed']],
    ['/docs/mobile/ic3/visits/finish', ['--type', 'how-to'], 'how-to', 'doc:ic3', ['steps']],
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
    expect(r.stderr).toContain(`created ${route} (${type})`);
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

  it('writes pages that validate: no errors, at most the warning that the prose is short', async () => {
    const r = await runCli(['-C', site.root, 'validate', '--format', 'json'], site.root);
    const diagnostics = (JSON.parse(r.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
    expect(r.code, JSON.stringify(diagnostics.filter((d) => d.severity === 'error'))).toBe(0);
    const onNew = diagnostics.filter((d) => written.includes(d.file) || d.file.endsWith('_category.yaml'));
    expect(
      onNew.filter((d) => d.code !== 'short-page'),
      JSON.stringify(onNew),
    ).toEqual([]);
  });

  it.each([
    [['/docs/support/contacts'], /route \/docs\/support\/contacts already exists: content\/docs\/support\/contacts\.ru\.md/],
    [['/docs/mobile/ic3'], /already exists/],
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
    [['/docs/support/other', '--title', 'No'], /title is not valid/],
  ])('refuses %j (exit 2), writing nothing', async (args, message) => {
    const before = treeHash(join(site.root, 'content'));
    const r = await cli('new', ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(treeHash(join(site.root, 'content'))).toBe(before);
  });
});
