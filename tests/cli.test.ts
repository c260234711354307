import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/project.ts';

describe('the CLI', () => {
  it.each(['validate', 'build', 'preview', 'schemas', 'query'])('explains "%s" with --help', async (command) => {
    const r = await runCli([command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: vitrina-docs ${command}`);
  });

  it('exits 2 on a usage error', async () => {
    expect((await runCli(['no-such-command'])).code).toBe(2);
    expect((await runCli(['validate', '--format', 'yaml'])).code).toBe(2);
  });

  it('exits 0 when the real content is valid', async () => {
    const r = await runCli(['validate']);
    expect(r.stderr).toMatch(/validated in \d+ ms/);
    expect(r.code, r.stderr.slice(0, 2000)).toBe(0);
  });
});
