/**
 * A build killed halfway leaves its staging folder (and the file of page bodies it was writing)
 * where git ignores them, and the next build removes them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, copyFixture, runCli } from '../helpers/project.ts';

describe('a killed build', () => {
  const fixture = copyFixture('site-ok');
  afterAll(() => fixture.cleanup());
  const staging = join(fixture.root, '.cache', 'staging');
  const leftovers = () => (existsSync(staging) ? readdirSync(staging) : []);

  it('leaves its staging folder under .cache/ (ignored by git), never beside dist/; the next build removes it', async () => {
    const build = spawn(process.execPath, [CLI, '-C', fixture.root, 'build', '--no-prerender'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => build.once('exit', resolve));
    const deadline = Date.now() + 60_000;
    while (!leftovers().some((n) => n.startsWith(`next-`)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    build.kill('SIGKILL');
    await exited;
    const left = leftovers().sort();
    expect(left).toEqual([
      expect.stringMatching(new RegExp(`^bodies-${build.pid}-`)),
      expect.stringMatching(new RegExp(`^next-${build.pid}-`)),
    ]);
    expect(readdirSync(fixture.root).filter((n) => n.startsWith('.dist-'))).toEqual([]);
    // The repository's .gitignore ignores the folder.
    expect(spawnSync('git', ['-C', ROOT, 'check-ignore', '-q', `.cache/staging/${left[1]}/manifest.json`]).status).toBe(0);
    expect(spawnSync('git', ['-C', ROOT, 'check-ignore', '-q', `.cache/staging/${left[0]}`]).status).toBe(0);

    const r = await runCli(['-C', fixture.root, 'build', '--no-prerender']);
    expect(r.code).toBe(0);
    expect(leftovers()).toEqual([]);
    expect(existsSync(join(fixture.root, 'dist', 'manifest.json'))).toBe(true);
  });
});
