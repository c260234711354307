import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslationReportSchema, type Diagnostic } from '@vitrina-docs/schemas';
import { ROOT, runCli } from '../helpers/project.ts';

/** The translators' loop on a copy of the real content: mark, edit the source, see it reported, mark again. */
describe('translations that stay in step', () => {
  let root: string;
  const ru = 'content/docs/support/email.ru.md';
  const en = 'content/docs/support/email.en.md';
  const cli = (...args: string[]) => runCli(['-C', root, ...args], root);
  const report = async (...args: string[]) =>
    TranslationReportSchema.parse(JSON.parse((await cli('translations', '--format', 'json', ...args)).stdout));
  const validate = async (...args: string[]) => {
    const r = await cli('validate', '--format', 'json', ...args, ru);
    return { code: r.code, diagnostics: (JSON.parse(r.stdout) as { diagnostics: Diagnostic[] }).diagnostics };
  };
  const editBody = (from: string, to: string) => {
    const text = readFileSync(join(root, ru), 'utf8');
    expect(text).toContain(from);
    writeFileSync(join(root, ru), text.replace(from, to));
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'vd-translations-'));
    cpSync(join(ROOT, 'content'), join(root, 'content'), { recursive: true });
    // Start from no marks at all.
    for (const file of [en]) writeFileSync(join(root, file), readFileSync(join(root, file), 'utf8').replace(/^translation_of: .*\n/m, ''));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists unmarked translations, then none once marked', async () => {
    const before = await report();
    expect(before.pages.find((p) => p.file === en)).toMatchObject({ state: 'unmarked', source: ru, recorded: null });
    const marked = await cli('translations', '--mark');
    expect(marked.code).toBe(0);
    expect(marked.stderr).toMatch(/translations? marked/);
    expect(readFileSync(join(root, en), 'utf8')).toMatch(/^translation_of: [0-9a-f]{12}$/m);
    const after = await report();
    expect(after).toEqual({ pages: [], outdated: 0, unmarked: 0 });
    expect((await cli('translations')).stdout).toMatch(/translations are in step/);
    const clean = await validate('--strict');
    expect(clean.diagnostics.filter((d) => d.code === 'translation-outdated')).toEqual([]);
    expect(clean.code, JSON.stringify(clean.diagnostics)).toBe(0);
  });

  it('does not count whitespace or frontmatter edits of the source', async () => {
    const text = readFileSync(join(root, ru), 'utf8');
    writeFileSync(
      join(root, ru),
      text
        .replace(/^title: (.*)$/m, 'title: $1 (edited)')
        .replace(/\n\n/, '\n\n\n')
        .replace(/\. /, '.  '),
    );
    expect((await report()).pages).toEqual([]);
    writeFileSync(join(root, ru), text);
  });

  it('reports a marked translation whose source changed: a warning, an error with --strict', async () => {
    editBody('экономит день переписки', 'экономит целый день переписки');
    const listed = await report();
    expect(listed.outdated).toBe(1);
    expect(listed.pages[0]).toMatchObject({ file: en, source: ru, state: 'outdated' });
    expect(listed.pages[0]!.recorded).not.toBe(listed.pages[0]!.current);
    // What changed in the source since the mark, from the copy --mark kept (no git here).
    expect(listed.pages[0]!.changes).toMatchObject({ from: 'stored', commit: null });
    const lines = listed.pages[0]!.changes!.hunks.flatMap((h) => h.lines);
    expect(lines.find((l) => l.startsWith('-'))).toContain('экономит день переписки');
    expect(lines.find((l) => l.startsWith('+'))).toContain('экономит целый день переписки');
    const changedLine =
      readFileSync(join(root, ru), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('экономит целый день переписки')) + 1;
    const hunk = listed.pages[0]!.changes!.hunks[0]!;
    expect(hunk.newStart + hunk.lines.filter((l) => !l.startsWith('-')).findIndex((l) => l.startsWith('+'))).toBe(changedLine);
    const text = (await cli('translations')).stdout;
    expect(text).toContain(`${en}  outdated: ${ru} changed since the translation was marked`);
    expect(text).toMatch(/^ {6}-.*экономит день переписки/m);
    expect(text).toMatch(/^ {6}\+.*экономит целый день переписки/m);

    const loose = await validate();
    const outdated = loose.diagnostics.filter((d) => d.code === 'translation-outdated');
    expect(outdated).toHaveLength(1);
    expect(outdated[0]).toMatchObject({ file: en, severity: 'warning' });
    const line =
      readFileSync(join(root, en), 'utf8')
        .split('\n')
        .findIndex((l) => l.startsWith('translation_of:')) + 1;
    expect(outdated[0]!.line).toBe(line);
    expect(outdated[0]!.message).toContain(ru);
    expect(loose.code).toBe(0);
    expect((await validate('--strict')).code).toBe(1);
    expect((await cli('validate', '--strict', ru)).stderr).toMatch(new RegExp(`${en}:${line}:1  warning  translation-outdated`));
  });

  it('--mark on one file puts it back in step and touches nothing else', async () => {
    const other = 'content/docs/support/index.en.md';
    const otherBefore = readFileSync(join(root, other), 'utf8');
    const r = await cli('translations', '--mark', join(root, en));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`marked ${en}`);
    expect((await report()).pages).toEqual([]);
    expect(readFileSync(join(root, other), 'utf8')).toBe(otherBefore);
    expect((await validate('--strict')).code).toBe(0);
  });

  it('refuses a file that is not a page with a translation (exit 2)', async () => {
    const r = await cli('translations', join(root, 'content/site.yaml'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not a page with a translation');
  });
});

/** The diff of `translations` from git history: the marked version is found among the source's commits. */
describe('translations: what changed in the source, from git history', () => {
  let root: string;
  const ru = 'content/docs/support/email.ru.md';
  const en = 'content/docs/support/email.en.md';
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return r.stdout.trim();
  };
  const report = async () =>
    TranslationReportSchema.parse(JSON.parse((await runCli(['-C', root, 'translations', '--format', 'json', en], root)).stdout));

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'vd-translations-git-'));
    cpSync(join(ROOT, 'content'), join(root, 'content'), { recursive: true });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'writer@example.com');
    git('config', 'user.name', 'Writer');
    git('config', 'commit.gpgsign', 'false');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds the marked version in an older commit and shows the changes since, in text and JSON', async () => {
    expect((await runCli(['-C', root, 'translations', '--mark', en], root)).code).toBe(0);
    git('add', '-A');
    git('commit', '-q', '-m', 'mark');
    const marked = git('rev-parse', 'HEAD');
    // Only git history knows the marked version now.
    rmSync(join(root, '.cache'), { recursive: true, force: true });
    const source = readFileSync(join(root, ru), 'utf8');
    writeFileSync(join(root, ru), source.replace('экономит день переписки', 'экономит неделю переписки'));
    git('commit', '-q', '-am', 'edit one word');
    writeFileSync(join(root, ru), readFileSync(join(root, ru), 'utf8').replace(/\n$/, '\n\nНовый абзац в конце страницы.\n'));
    git('commit', '-q', '-am', 'add a paragraph');

    const listed = await report();
    expect(listed.outdated).toBe(1);
    const changes = listed.pages[0]!.changes!;
    expect(changes).toMatchObject({ from: 'commit', commit: marked });
    const lines = changes.hunks.flatMap((h) => h.lines);
    expect(lines.filter((l) => l.startsWith('-'))).toEqual([expect.stringContaining('экономит день переписки')]);
    expect(lines.filter((l) => l.startsWith('+'))).toEqual([
      expect.stringContaining('экономит неделю переписки'),
      '+',
      '+Новый абзац в конце страницы.',
    ]);
    const text = (await runCli(['-C', root, 'translations', en], root)).stdout;
    expect(text).toContain(`(marked against commit ${marked.slice(0, 7)} of `);
    expect(text).toMatch(/^ {4}content\/docs\/support\/email\.ru\.md:\d+$/m);
    expect(text).toMatch(/^ {6}\+Новый абзац в конце страницы\.$/m);
  });

  it('says so when the marked version is nowhere', async () => {
    const page = readFileSync(join(root, en), 'utf8');
    writeFileSync(join(root, en), page.replace(/^translation_of: .*$/m, 'translation_of: 0123456789ab'));
    const listed = await report();
    expect(listed.pages[0]).toMatchObject({ state: 'outdated', changes: null });
    expect((await runCli(['-C', root, 'translations', en], root)).stdout).toContain('is in neither the git history nor .cache/');
    writeFileSync(join(root, en), page);
  });
});
