/**
 * The hook of `.pre-commit-hooks.yaml` in another documentation repository, under each hook
 * runner writers install: pre-commit 4 (`pip install pre-commit` into a virtual environment),
 * Debian's pre-commit 3 and prek (`npm install -g @j178/prek`). Each runner starts from an empty
 * cache of its own; the documentation repository's `.pre-commit-config.yaml` is the README's, as
 * it is, but for the repository's address: a hook repository made by the release script
 * (`node scripts/make-hook-release.js <dir>`, README: Releases), tagged with the README's `rev`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** A hook repository of this version, as a release makes it: the release script on a new folder. */
function releaseHookRepository(dir: string, tag: string): void {
  const identity = {
    GIT_AUTHOR_NAME: 'Release',
    GIT_AUTHOR_EMAIL: 'release@example.com',
    GIT_COMMITTER_NAME: 'Release',
    GIT_COMMITTER_EMAIL: 'release@example.com',
  };
  const r = run(ROOT, process.execPath, ['scripts/make-hook-release.js', dir], { ...CLEAN_ENV, ...identity });
  if (r.code !== 0) throw new Error(`node scripts/make-hook-release.js failed:\n${r.out}`);
  if (git(dir, 'tag', '--points-at', 'HEAD').out.trim() !== tag) throw new Error(`the release script did not tag ${tag}:\n${r.out}`);
}

/** Development packages that must never reach the hook's environment (the hook needs none of them). */
const DEVELOPMENT_PACKAGES = [
  'vite',
  'vitest',
  'playwright',
  '@playwright/test',
  'eslint',
  'typescript',
  'lighthouse',
  'esbuild',
  'react',
  'prettier',
  'tsx',
];

interface Environment {
  /** The npm prefixes the hook's CLI is installed in (`<prefix>/bin/vitrina-docs`). */
  prefixes: string[];
  /** Every installed package's name (`node_modules/<name>`) anywhere in the runner's cache. */
  names: Set<string>;
  /** Bytes and files of the npm prefixes the hook is installed in. */
  bytes: number;
  files: number;
}

function sizeOf(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { bytes, files };
}

/** What the runner installed for the hook under its cache folder. */
function hookEnvironment(cache: string): Environment {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const entry of readdirSync(cache, { recursive: true, withFileTypes: true })) {
    const parent = entry.parentPath.split(/[\\/]/);
    // (A global install, whatever the package's name: <prefix>/bin/vitrina-docs and <prefix>/lib/node_modules/.)
    if (entry.name === 'vitrina-docs' && parent.at(-1) === 'bin' && !entry.isDirectory()) {
      const prefix = join(entry.parentPath, '..');
      if (existsSync(join(prefix, 'lib', 'node_modules'))) prefixes.push(prefix);
    }
    if (!entry.isDirectory()) continue;
    if (parent.at(-1) === 'node_modules' && !entry.name.startsWith('.') && !entry.name.startsWith('@')) names.add(entry.name);
    else if (parent.at(-2) === 'node_modules' && parent.at(-1)!.startsWith('@')) names.add(`${parent.at(-1)}/${entry.name}`);
  }
  const sizes = prefixes.map(sizeOf);
  return { prefixes, names, bytes: sizes.reduce((a, s) => a + s.bytes, 0), files: sizes.reduce((a, s) => a + s.files, 0) };
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
    let hooks: string;
    let env: NodeJS.ProcessEnv;
    let runnerCommand: string;
    const times: Record<string, number> = {};
    let footprint = '';
    const page = 'content/docs/support/index.ru.md';
    const commit = (message: string) => {
      const r = run(docs, 'git', ['-c', 'user.email=w@example.com', '-c', 'user.name=W', 'commit', '-q', '-m', message], env);
      return r;
    };
    const head = () => git(docs, 'rev-parse', 'HEAD').out.trim();

    beforeAll(() => {
      base = mkdtempSync(join(tmpdir(), `vd-${runner.name.replace(/\W+/g, '-')}-`));
      const config = readmeConfig();
      hooks = join(base, 'vitrina-docs');
      releaseHookRepository(hooks, config.rev);
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
          .join(', ')}${footprint && `, ${footprint}`}`,
      );
      rmSync(base, { recursive: true, force: true });
    });

    it('the README points at the release of this version', () => {
      const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
      expect(readmeConfig().rev).toBe(`v${version}`);
    });

    it('installs the CLI and the packages it loads, nothing of the development toolchain', () => {
      const environment = hookEnvironment(join(base, 'cache'));
      footprint = `hook environment ${(environment.bytes / 1e6).toFixed(1)} MB in ${environment.files} files`;
      expect(DEVELOPMENT_PACKAGES.filter((name) => environment.names.has(name))).toEqual([]);
      expect(environment.prefixes).toHaveLength(1);
      // (About 35 MB: openapi-to-postmanv2 brings most of it; the development toolchain is 500 MB.)
      expect(environment.bytes).toBeLessThan(80e6);
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

    it('moves a configuration at a commit of the hook repository to its release tag with autoupdate', () => {
      const config = readmeConfig();
      const other = join(base, 'docs-autoupdate');
      mkdirSync(other);
      git(other, 'init', '-q', '-b', 'main');
      const file = join(other, '.pre-commit-config.yaml');
      writeFileSync(file, config.text.replace(config.repo, hooks).replace(config.rev, git(hooks, 'rev-parse', 'HEAD').out.trim()));
      const r = run(other, runnerCommand, ['autoupdate'], env);
      expect(r.code, r.out).toBe(0);
      expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^\\s*rev: ${config.rev}\\b`, 'm'));
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
