/** `make dev PORT=…`: the writers' preview on the port the writer names (the Makefile's recipe, as make would run it). */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/project.ts';

const recipe = (...args: string[]) => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'PORT' && !k.startsWith('MAKE')));
  const r = spawnSync('make', ['--dry-run', '--always-make', 'dev', ...args], { cwd: ROOT, env, encoding: 'utf8' });
  return r.stdout.split('\n').find((l) => l.includes('vitrina-docs.js dev')) ?? '';
};

describe('make dev', () => {
  it('passes PORT=… to the dev server', () => {
    expect(recipe('PORT=4411')).toMatch(/vitrina-docs\.js dev --port 4411(\s|$)/);
  });
  it('keeps the dev server’s own port (4300) without PORT, not the preview’s', () => {
    const line = recipe();
    expect(line).toContain('vitrina-docs.js dev');
    expect(line).not.toContain('--port');
  });
});
