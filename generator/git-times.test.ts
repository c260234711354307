import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastUpdatedTimes } from './git-times.ts';

describe('lastUpdatedTimes', () => {
  const dirs: string[] = [];
  const project = () => {
    const root = mkdtempSync(join(tmpdir(), 'vd-git-times-'));
    dirs.push(root);
    mkdirSync(join(root, 'content/docs'), { recursive: true });
    return root;
  };
  const git = (root: string, args: string[], date?: string) =>
    execFileSync('git', args, {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Writer',
        GIT_AUTHOR_EMAIL: 'writer@example.com',
        GIT_COMMITTER_NAME: 'Writer',
        GIT_COMMITTER_EMAIL: 'writer@example.com',
        ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
      },
    });
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('gives each file the time of its last commit, and a file git does not know its modification time', async () => {
    const root = project();
    git(root, ['init', '-q']);
    writeFileSync(join(root, 'content/docs/a.ru.md'), 'one');
    writeFileSync(join(root, 'content/docs/b.ru.md'), 'one');
    git(root, ['add', '.']);
    git(root, ['commit', '-q', '-m', 'first'], '2026-03-01T10:00:00+03:00');
    writeFileSync(join(root, 'content/docs/b.ru.md'), 'two');
    git(root, ['commit', '-q', '-am', 'second'], '2026-04-02T12:30:00+03:00');
    writeFileSync(join(root, 'content/docs/new.ru.md'), 'not committed');
    utimesSync(join(root, 'content/docs/new.ru.md'), new Date('2026-05-05T00:00:00Z'), new Date('2026-05-05T00:00:00Z'));

    const times = await lastUpdatedTimes(root);
    expect(times('content/docs/a.ru.md')).toBe('2026-03-01T07:00:00.000Z');
    expect(times('content/docs/b.ru.md')).toBe('2026-04-02T09:30:00.000Z');
    expect(times('content/docs/new.ru.md')).toBe('2026-05-05T00:00:00.000Z');
    expect(times('content/docs/missing.ru.md')).toBeNull();
  });

  it('falls back to modification times outside a git checkout', async () => {
    const root = project();
    writeFileSync(join(root, 'content/docs/a.ru.md'), 'one');
    utimesSync(join(root, 'content/docs/a.ru.md'), new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
    const times = await lastUpdatedTimes(root);
    expect(times('content/docs/a.ru.md')).toBe('2026-01-02T03:04:05.000Z');
  });
});
