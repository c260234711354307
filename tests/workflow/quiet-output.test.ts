import { execFile, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '@vitrina-docs/schemas';
import { ROOT, copyFixture, runCli } from '../helpers/project.ts';

const run = (command: string, args: string[], cwd = ROOT) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(command, args, { cwd, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });

/** What `make build`, `make preview` and `make dev` print: only what a writer can act on. */
describe('quiet output', { timeout: 240_000 }, () => {
  it('the renderer build prints no warning (no deprecated option, no expected-by-design notices)', async () => {
    const r = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/helpers/renderer-build-dry.ts')]);
    expect(r.code, r.out).toBe(0);
    expect(r.out.trim()).toBe('');
  });

  it('a build of warning-free content prints one summary line: counts and time', async () => {
    const site = copyFixture('site-ok');
    try {
      // Bring the fixture's short pages over the length rule, so that its content has nothing to report.
      const checked = JSON.parse((await runCli(['-C', site.root, 'validate', '--format', 'json'])).stdout) as {
        diagnostics: Diagnostic[];
      };
      for (const d of checked.diagnostics) {
        expect(d.code, JSON.stringify(d)).toBe('short-page');
        const en = d.file.endsWith('.en.md');
        const sentence = en ? 'The field agent checks the shelf and takes the photos. ' : 'Агент проверяет полку и делает снимки. ';
        writeFileSync(join(site.root, d.file), `${readFileSync(join(site.root, d.file), 'utf8')}\n${sentence.repeat(30).trim()}\n`);
      }
      const r = await runCli(['-C', site.root, 'build', '--no-prerender']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^built \d+ pages \(\d+ routes\) into dist\/ in [\d.]+ m?s: 0 errors, 0 warnings\n$/);

      const quiet = await runCli(['-C', site.root, 'validate']);
      expect(quiet.stderr).toMatch(/^validated in \d+ ms: 0 errors, 0 warnings\n$/);
      const verbose = await runCli(['-C', site.root, 'validate', '--verbose']);
      expect(verbose.stderr).toMatch(/^ {2}stages \(ms\): load \d+/m);
    } finally {
      site.cleanup();
    }
  });

  it('npm installs without asking about install scripts: every package that has them is decided in allowScripts', () => {
    const r = spawnSync('npm', ['install-scripts', 'ls'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('No packages with unreviewed install scripts');
  });

  it('make help prints the real port and says what validate does', async () => {
    const r = await run('make', ['-s', 'help', 'PORT=4999']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('http://127.0.0.1:4999');
    expect(r.out).not.toContain('$(');
    expect(r.out).toMatch(/^validate +check all the content; prints each problem as file:line:column/m);
  });
});
