import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkNodeModules, WORKSPACES } from '../../scripts/workspace-links.ts';
import { ROOT } from '../helpers/project.ts';
import { median } from './helpers.ts';

/**
 * The pre-commit hook in a temporary git repository made like a writer's checkout: the
 * package's files, its node_modules, some content, and the set-up step `npm install` runs.
 */

const ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'CI' && !k.startsWith('GIT_')));

function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = ENV) {
  const started = performance.now();
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr, ms: Math.round(performance.now() - started) };
}

const git = (cwd: string, ...args: string[]) => run(cwd, 'git', args);

/** A git repository with this package's files (sources, bin, scripts) and `content` as its content. */
function scratchCheckout(content: string): string {
  const root = mkdtempSync(join(tmpdir(), 'vd-hook-'));
  for (const dir of ['bin', 'scripts', ...WORKSPACES])
    cpSync(join(ROOT, dir), join(root, dir), { recursive: true, filter: (from) => !/[\\/](lib|node_modules)$/.test(from) });
  for (const file of ['package.json', 'tsconfig.json']) cpSync(join(ROOT, file), join(root, file));
  cpSync(content, join(root, 'content'), { recursive: true });
  linkNodeModules(root, ROOT);
  writeFileSync(join(root, '.gitignore'), 'node_modules\n.cache/\nlib/\ndist/\n');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.email', 'writer@example.com');
  git(root, 'config', 'user.name', 'Writer');
  git(root, 'config', 'commit.gpgsign', 'false');
  return root;
}

function setUp(root: string, env: NodeJS.ProcessEnv = ENV) {
  return run(root, process.execPath, ['scripts/setup-checkout.js'], env);
}

const head = (root: string) => git(root, 'rev-parse', 'HEAD').stdout.trim();

/** Replaces the first word of a page's body (after its frontmatter). */
function editBody(root: string, file: string, word: string): void {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  const end = text.indexOf('\n---', 4) + 4;
  writeFileSync(path, text.slice(0, end) + text.slice(end).replace(/^(\s*)\S+/, `$1${word}`));
}

describe('the pre-commit hook', { timeout: 300_000 }, () => {
  let root: string;
  const page = 'content/docs/support/index.ru.md';

  beforeAll(() => {
    root = scratchCheckout(join(ROOT, 'tests', 'fixtures', 'site-ok', 'content'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is installed by the postinstall set-up step, as a shim that runs scripts/git-hooks/pre-commit', () => {
    const r = setUp(root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const hook = readFileSync(join(root, '.git', 'hooks', 'pre-commit'), 'utf8');
    expect(hook).toContain('scripts/git-hooks/pre-commit');
    expect(setUp(root).code).toBe(0); // again: same result
    expect(readFileSync(join(root, '.git', 'hooks', 'pre-commit'), 'utf8')).toBe(hook);
  });

  it('lets a valid first commit through', () => {
    git(root, 'add', '-A');
    const r = git(root, 'commit', '-q', '-m', 'content');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/validated the staged content in \d+ ms/);
  });

  it('blocks a staged page with an error, printing the diagnostic', () => {
    const before = head(root);
    writeFileSync(
      join(root, page),
      `${readFileSync(join(root, page), 'utf8')}\nSee [the old page](/docs/support/gone) and [its source](./gone.md).\n`,
    );
    git(root, 'add', page);
    const r = git(root, 'commit', '-q', '-m', 'broken');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(new RegExp(`${page}:\\d+:\\d+ {2}error {2}broken-link {2}link "/docs/support/gone": no such page`));
    // A relative link is quoted as written, then the route it leads to.
    expect(r.stderr).toMatch(/ {2}error {2}broken-link {2}link "\.\/gone\.md" leads to \/docs\/support\/gone: no such page/);
    expect(r.stderr).toContain('vitrina-docs pre-commit: commit blocked: fix the errors above');
    expect(head(root)).toBe(before);
  });

  it('checks the content as staged: a fix left in the work tree does not let the broken page through', () => {
    const before = head(root);
    writeFileSync(
      join(root, page),
      readFileSync(join(root, page), 'utf8').replace('/docs/support/gone', '/docs/mobile').replace('./gone.md', './index.md'),
    );
    const r = git(root, 'commit', '-q', '-m', 'fixed in the work tree only');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(new RegExp(`${page}:\\d+:\\d+ {2}error {2}broken-link {2}link "/docs/support/gone": no such page`));
    expect(r.stderr).toContain('changes that are not staged are not checked');
    expect(head(root)).toBe(before);
  });

  it('lets the fixed page through', () => {
    const before = head(root);
    writeFileSync(
      join(root, page),
      readFileSync(join(root, page), 'utf8').replace('/docs/support/gone', '/docs/mobile').replace('./gone.md', './index.md'),
    );
    git(root, 'add', page);
    const r = git(root, 'commit', '-q', '-m', 'fixed');
    expect(r.code, r.stderr).toBe(0);
    expect(head(root)).not.toBe(before);
  });

  it('checks the whole site when a page is removed: the pages that link to it fail', () => {
    const before = head(root);
    git(root, 'rm', '-q', 'content/docs/mobile/ic2/visits/start.ru.md', 'content/docs/mobile/ic2/visits/start.en.md');
    const r = git(root, 'commit', '-q', '-m', 'remove a page');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/content\/docs\/mobile\/ic3\/visits\/start\.ru\.md:\d+:\d+ {2}error {2}broken-link/);
    expect(head(root)).toBe(before);
    git(root, 'reset', '-q', '--hard');
  });

  it('checks every page when a shared file changes: a renamed fact breaks the pages that quote it', () => {
    const before = head(root);
    const facts = join(root, 'content', 'facts.yaml');
    writeFileSync(facts, readFileSync(facts, 'utf8').replace(/^support_email:/m, 'support_mail:'));
    git(root, 'add', 'content/facts.yaml');
    const r = git(root, 'commit', '-q', '-m', 'rename a fact');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('checking every page: content/facts.yaml changed');
    expect(r.stderr).toMatch(/content\/docs\/mobile\/ic3\/visits\/start\.ru\.md:\d+:\d+ {2}error {2}unknown-fact/);
    expect(head(root)).toBe(before);
    git(root, 'reset', '-q', '--hard');
  });

  it('does nothing for a commit without content', () => {
    writeFileSync(join(root, 'NOTES.txt'), 'notes\n');
    git(root, 'add', 'NOTES.txt');
    const r = git(root, 'commit', '-q', '-m', 'notes');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/validated/);
  });

  it('the set-up leaves a hook that is not its own alone, and does nothing on CI or outside a git checkout', () => {
    const hook = join(root, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, '#!/bin/sh\necho mine\n');
    chmodSync(hook, 0o755);
    const r = setUp(root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('is not ours');
    expect(readFileSync(hook, 'utf8')).toBe('#!/bin/sh\necho mine\n');
    rmSync(hook);
    expect(setUp(root, { ...ENV, CI: 'true' }).code).toBe(0);
    expect(existsSync(hook)).toBe(false);

    const plain = mkdtempSync(join(tmpdir(), 'vd-nogit-'));
    try {
      mkdirSync(join(plain, 'scripts'));
      cpSync(join(ROOT, 'scripts'), join(plain, 'scripts'), { recursive: true });
      const outside = setUp(plain);
      expect(outside.code).toBe(0);
      expect(outside.stdout + outside.stderr).toBe('');
      expect(existsSync(join(plain, '.git'))).toBe(false);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe('the pre-commit hook on the real content', { timeout: 300_000 }, () => {
  let root: string;
  beforeAll(() => {
    root = scratchCheckout(join(ROOT, 'content'));
    setUp(root);
    git(root, 'add', '-A');
    // The first commit checks everything and fills the validate cache in .cache/.
    const first = git(root, 'commit', '-q', '-m', 'content');
    if (first.code !== 0) throw new Error(`the real content does not pass the hook:\n${first.stderr.slice(0, 3000)}`);
  }, 600_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // Its time is logged; `make bench` measures it against the budget (`validate <file>`).
  it('checks one-page commits on the real content and lets them through', () => {
    const pages = [
      'content/docs/portal/helpdesk.ru.md',
      'content/docs/mobile/ic3/visits/start.ru.md',
      'content/docs/business/kpi/osa.en.md',
      'content/docs/api/backend/methods/v1.5/catalog/brands_id.en.md',
      'content/docs/support/email.ru.md',
    ];
    const times: number[] = [];
    for (const [i, file] of pages.entries()) {
      editBody(root, file, `Edit${i}`);
      git(root, 'add', file);
      const r = git(root, 'commit', '-q', '-m', `edit ${i}`);
      expect(r.code, r.stderr).toBe(0);
      times.push(r.ms);
    }
    const compiled = existsSync(join(root, 'generator', 'lib', '.compiled'));
    const m = median(times);
    console.log(
      `pre-commit: one-page commit on the real content (${compiled ? 'compiled CLI' : 'CLI from the TypeScript sources'}): median ${m} ms [${times.join(', ')}]`,
    );
  });
});
