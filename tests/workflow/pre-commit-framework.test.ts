/**
 * Another documentation repository uses the check through the pre-commit framework
 * (https://pre-commit.com, Debian's `pre-commit`): its `.pre-commit-config.yaml` points at a git
 * repository holding this project, with hook id `vitrina-docs-validate`. The framework clones
 * it, runs `npm install` there, packs it and installs the package: nothing is built by hand.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/project.ts';

const PRE_COMMIT = ['/usr/bin/pre-commit', '/usr/local/bin/pre-commit'].find((p) => existsSync(p));
const ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_') && !k.startsWith('npm_')));

function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = ENV) {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status ?? 1, out: `${r.stdout}${r.stderr}` };
}
const git = (cwd: string, ...args: string[]) => run(cwd, 'git', ['-c', 'user.email=writer@example.com', '-c', 'user.name=Writer', ...args]);

/** This project as a git repository of its own: what is committed and what is about to be. */
function snapshotOfThisProject(dir: string): string {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  for (const file of files.filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'vitrina-docs');
  return git(dir, 'rev-parse', 'HEAD').out.trim();
}

describe('the pre-commit framework hook in another repository', { timeout: 600_000 }, () => {
  let base: string;
  let docs: string;
  let env: NodeJS.ProcessEnv;
  const page = 'content/docs/support/index.ru.md';

  beforeAll(() => {
    if (!PRE_COMMIT) throw new Error('pre-commit is not installed (make system-deps installs Debian’s pre-commit)');
    base = mkdtempSync(join(tmpdir(), 'vd-pre-commit-'));
    const hooks = join(base, 'vitrina-docs');
    const rev = snapshotOfThisProject(hooks);
    docs = join(base, 'docs');
    mkdirSync(docs);
    cpSync(join(ROOT, 'tests', 'fixtures', 'site-ok', 'content'), join(docs, 'content'), { recursive: true });
    writeFileSync(join(docs, '.gitignore'), '.cache/\n');
    writeFileSync(
      join(docs, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${hooks}\n    rev: ${rev}\n    hooks:\n      - id: vitrina-docs-validate\n`,
    );
    git(docs, 'init', '-q', '-b', 'main');
    env = { ...ENV, PRE_COMMIT_HOME: join(base, 'cache') };
    const install = run(docs, PRE_COMMIT!, ['install'], env);
    if (install.code !== 0) throw new Error(install.out);
  }, 120_000);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('installs the hook and lets a valid first commit through', () => {
    git(docs, 'add', '-A');
    const r = run(docs, 'git', ['-c', 'user.email=w@example.com', '-c', 'user.name=W', 'commit', '-q', '-m', 'docs'], env);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/vitrina-docs validate\.+Passed/);
  });

  it('blocks a commit with a broken link, naming the file, line and link', () => {
    const before = git(docs, 'rev-parse', 'HEAD').out;
    writeFileSync(join(docs, page), `${readFileSync(join(docs, page), 'utf8')}\nSee [the old page](/docs/support/gone).\n`);
    git(docs, 'add', page);
    const r = run(docs, 'git', ['-c', 'user.email=w@example.com', '-c', 'user.name=W', 'commit', '-q', '-m', 'broken'], env);
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/vitrina-docs validate\.+Failed/);
    expect(r.out).toMatch(new RegExp(`${page}:\\d+:\\d+ {2}error {2}broken-link`));
    expect(r.out).toContain('/docs/support/gone');
    expect(git(docs, 'rev-parse', 'HEAD').out).toBe(before);
  });
});
