/**
 * `validate` as a writer types it: a mistyped path, from a folder below the project's top, a
 * file other than a page, and a title with an unquoted ": ".
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runCli } from '../helpers/project.ts';

describe('validate <path>', () => {
  const site = copyFixture('site-ok');
  beforeAll(async () => {
    // (A first run fills the cache, so that the others are quick.)
    await runCli(['validate'], site.root);
  });
  afterAll(() => site.cleanup());

  it('refuses a path that does not exist (exit 2), naming it and the page it is close to', async () => {
    const r = await runCli(['validate', 'content/docs/support/indx.ru.md'], site.root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('content/docs/support/indx.ru.md: no such file; did you mean content/docs/support/index.ru.md?');
    expect(r.stderr).not.toMatch(/0 errors/);
  });

  it('refuses a path far from every file without a guess', async () => {
    const r = await runCli(['validate', 'content/docs/nothing/here/at-all.ru.md'], site.root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('content/docs/nothing/here/at-all.ru.md: no such file\n');
  });

  it('from a folder below the top finds the project and takes paths relative to that folder', async () => {
    const dir = join(site.root, 'content', 'docs', 'support');
    const all = await runCli(['validate'], dir);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stderr).not.toContain('missing-file');
    expect(all.stderr).toMatch(/validated in \d+ ms: 0 errors/);
    const one = await runCli(['validate', 'index.ru.md'], dir);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toMatch(/validated in \d+ ms: 0 errors/);
  });

  it('outside any project says what to do', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'vd-empty-'));
    try {
      const r = await runCli(['validate'], empty);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('no content/ folder in');
      expect(r.stderr).toContain('-C <folder>');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('checks every page for a file other than a page: a renamed fact fails the pages that quote it', async () => {
    const facts = join(site.root, 'content', 'facts.yaml');
    const before = readFileSync(facts, 'utf8');
    writeFileSync(facts, before.replace(/^support_email:/m, 'support_mail:'));
    try {
      const r = await runCli(['validate', 'content/facts.yaml'], site.root);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/content\/docs\/mobile\/ic3\/visits\/start\.ru\.md:\d+:\d+ {2}error {2}unknown-fact/);
    } finally {
      writeFileSync(facts, before);
    }
  });

  it('says to quote a frontmatter value that holds ": "', async () => {
    const page = join(site.root, 'content', 'docs', 'support', 'index.ru.md');
    const before = readFileSync(page, 'utf8');
    writeFileSync(page, before.replace(/^title: .*$/m, 'title: Поддержка: контакты'));
    try {
      const r = await runCli(['validate', 'content/docs/support/index.ru.md'], site.root);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /content\/docs\/support\/index\.ru\.md:\d+:\d+ {2}error {2}yaml-syntax {2}invalid YAML: .*quote the value \(title: "Поддержка: контакты"\)/,
      );
    } finally {
      writeFileSync(page, before);
    }
  });
});
