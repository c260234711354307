/**
 * The hook of `.pre-commit-hooks.yaml` in another documentation repository, under each hook
 * runner writers install: pre-commit 4 (`pip install pre-commit` into a virtual environment),
 * Debian's pre-commit 3 and prek (`npm install -g @j178/prek`). Each runner starts from an empty
 * cache of its own; the documentation repository's `.pre-commit-config.yaml` is the README's, as
 * it is, but for the repository's address (a git repository holding this project, tagged with the
 * README's `rev`, as a release is).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/project.ts';

export const CLEAN_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_') && !k.startsWith('npm_') && k !== 'CI'),
);

export interface Run {
  code: number;
  out: string;
  ms: number;
}

export function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = CLEAN_ENV): Run {
  const started = performance.now();
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  return {
    code: r.status ?? 1,
    out: `${r.stdout}${r.stderr}${r.error ? String(r.error) : ''}`,
    ms: Math.round(performance.now() - started),
  };
}

const git = (cwd: string, ...args: string[]) => run(cwd, 'git', ['-c', 'user.email=writer@example.com', '-c', 'user.name=Writer', ...args]);

/** The README's example `.pre-commit-config.yaml` (the block after "# .pre-commit-config.yaml"). */
export function readmeConfig(): { text: string; repo: string; rev: string } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const text = /```yaml\n(# \.pre-commit-config\.yaml[^\n]*\n[\s\S]*?)```/.exec(readme)?.[1];
  if (!text) throw new Error('README.md has no ```yaml block starting with "# .pre-commit-config.yaml"');
  const repo = /^\s*- repo: (\S+)/m.exec(text)?.[1];
  const rev = /^\s*rev: (\S+)/m.exec(text)?.[1];
  if (!repo || !rev) throw new Error(`the README's configuration has no repo or rev:\n${text}`);
  return { text, repo, rev };
}

/** This project as a git repository of its own (what is committed and what is about to be), tagged `tag`. */
function snapshotOfThisProject(dir: string, tag: string): void {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  for (const file of files.filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'vitrina-docs');
  git(dir, 'tag', tag);
}

export interface HookRunner {
  name: string;
  /** Installs the runner under `dir` as its users do; returns the command. */
  install(dir: string): string;
  /** The environment variable that holds its cache. */
  cacheVariable: string;
}

/** Replaces the first word of a page's body (after its frontmatter). */
function editBody(path: string, word: string): void {
  const text = readFileSync(path, 'utf8');
  const end = text.indexOf('\n---', 4) + 4;
  writeFileSync(path, text.slice(0, end) + text.slice(end).replace(/^(\s*)\S+/, `$1${word}`));
}

export function describeHookRunner(runner: HookRunner): void {
  describe(`the hook under ${runner.name}, configured as the README shows`, { timeout: 1_800_000 }, () => {
    let base: string;
    let docs: string;
    let env: NodeJS.ProcessEnv;
    let runnerCommand: string;
    const times: Record<string, number> = {};
    const page = 'content/docs/support/index.ru.md';
    const commit = (message: string) => {
      const r = run(docs, 'git', ['-c', 'user.email=w@example.com', '-c', 'user.name=W', 'commit', '-q', '-m', message], env);
      return r;
    };
    const head = () => git(docs, 'rev-parse', 'HEAD').out.trim();

    beforeAll(() => {
      base = mkdtempSync(join(tmpdir(), `vd-${runner.name.replace(/\W+/g, '-')}-`));
      const config = readmeConfig();
      const hooks = join(base, 'vitrina-docs');
      snapshotOfThisProject(hooks, config.rev);
      docs = join(base, 'docs');
      mkdirSync(docs);
      cpSync(join(ROOT, 'tests', 'fixtures', 'site-ok', 'content'), join(docs, 'content'), { recursive: true });
      writeFileSync(join(docs, '.gitignore'), '.cache/\n');
      writeFileSync(join(docs, '.pre-commit-config.yaml'), config.text.replace(config.repo, hooks));
      git(docs, 'init', '-q', '-b', 'main');
      let started = performance.now();
      const command = runner.install(join(base, 'runner'));
      times['runner install'] = Math.round(performance.now() - started);
      env = { ...CLEAN_ENV, [runner.cacheVariable]: join(base, 'cache') };
      runnerCommand = command;
      const install = run(docs, command, ['install'], env);
      if (install.code !== 0) throw new Error(install.out);
      started = performance.now();
      const hooksInstalled = run(docs, command, ['install-hooks'], env);
      if (hooksInstalled.code !== 0) throw new Error(hooksInstalled.out);
      times['hook install, empty cache'] = Math.round(performance.now() - started);
    }, 1_800_000);
    afterAll(() => {
      console.log(
        `${runner.name}: ${Object.entries(times)
          .map(([k, v]) => `${k} ${v} ms`)
          .join(', ')}`,
      );
      rmSync(base, { recursive: true, force: true });
    });

    it('the README points at the release of this version', () => {
      const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
      expect(readmeConfig().rev).toBe(`v${version}`);
    });

    it('lets a valid first commit through', () => {
      git(docs, 'add', '-A');
      const r = commit('docs');
      times['first commit (whole site)'] = r.ms;
      expect(r.code, r.out).toBe(0);
      expect(r.out).toMatch(/vitrina-docs validate\.+Passed/);
    });

    it('blocks a staged broken link with its file:line:column diagnostic', () => {
      const before = head();
      writeFileSync(join(docs, page), `${readFileSync(join(docs, page), 'utf8')}\nSee [the old page](/docs/support/gone).\n`);
      git(docs, 'add', page);
      const r = commit('broken');
      expect(r.code).not.toBe(0);
      expect(r.out).toMatch(/vitrina-docs validate\.+Failed/);
      expect(r.out).toMatch(new RegExp(`${page}:\\d+:\\d+ {2}error {2}broken-link {2}link "/docs/support/gone": no such page`));
      expect(head()).toBe(before);
    });

    it('blocks it still when the link is fixed in the work tree but not staged', () => {
      const before = head();
      writeFileSync(join(docs, page), readFileSync(join(docs, page), 'utf8').replace('/docs/support/gone', '/docs/mobile'));
      const r = commit('fixed, not staged');
      expect(r.code).not.toBe(0);
      expect(r.out).toMatch(new RegExp(`${page}:\\d+:\\d+ {2}error {2}broken-link`));
      expect(head()).toBe(before);
    });

    it('lets the fix through once it is staged', () => {
      git(docs, 'add', page);
      const r = commit('fixed');
      times['one-page commit'] = r.ms;
      expect(r.code, r.out).toBe(0);
      expect(r.out).toMatch(/vitrina-docs validate\.+Passed/);
    });

    it('blocks the removal of a page that other pages link to, naming the pages it breaks', () => {
      const before = head();
      git(docs, 'rm', '-q', 'content/docs/mobile/ic2/visits/start.ru.md', 'content/docs/mobile/ic2/visits/start.en.md');
      const r = commit('remove a page');
      expect(r.code).not.toBe(0);
      expect(r.out).toMatch(/content\/docs\/mobile\/ic3\/visits\/start\.ru\.md:\d+:\d+ {2}error {2}broken-link/);
      expect(head()).toBe(before);
      git(docs, 'reset', '-q', '--hard');
    });

    it('blocks a change of a shared file (facts.yaml) that breaks pages the commit does not touch', () => {
      const before = head();
      const facts = join(docs, 'content', 'facts.yaml');
      writeFileSync(facts, readFileSync(facts, 'utf8').replace(/^support_email:/m, 'support_mail:'));
      git(docs, 'add', 'content/facts.yaml');
      const r = commit('rename a fact');
      expect(r.code).not.toBe(0);
      expect(r.out).toMatch(/content\/docs\/mobile\/ic3\/visits\/start\.ru\.md:\d+:\d+ {2}error {2}unknown-fact/);
      expect(head()).toBe(before);
      git(docs, 'reset', '-q', '--hard');
    });

    it('lets a clean change through, and a commit without content', () => {
      editBody(join(docs, 'content/docs/mobile/index.en.md'), 'Edited');
      git(docs, 'add', '-A');
      const r = commit('edit');
      expect(r.code, r.out).toBe(0);
      writeFileSync(join(docs, 'NOTES.txt'), 'notes\n');
      git(docs, 'add', 'NOTES.txt');
      const notes = commit('notes');
      times['commit without content'] = notes.ms;
      expect(notes.code, notes.out).toBe(0);
    });

    it('installs the hook for a second repository from its warm cache', () => {
      const other = join(base, 'docs-2');
      cpSync(docs, other, { recursive: true, filter: (from) => !from.endsWith('.cache') });
      const r = run(other, runnerCommand, ['install-hooks'], env);
      times['hook install, warm cache'] = r.ms;
      expect(r.code, r.out).toBe(0);
      expect(r.out).not.toMatch(/Installing environment/);
    });
  });
}
