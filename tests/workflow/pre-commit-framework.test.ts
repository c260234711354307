/**
 * The hook under the pre-commit framework's current release (4.x), installed as its users
 * install it: `pip install pre-commit` into a new virtual environment.
 */
import { join } from 'node:path';
import { describeHookRunner, run } from './hook-runners.ts';

describeHookRunner({
  name: 'pre-commit 4 (pip)',
  cacheVariable: 'PRE_COMMIT_HOME',
  install(dir) {
    const venv = run('/', 'python3', ['-m', 'venv', dir]);
    if (venv.code !== 0) throw new Error(`python3 -m venv failed (make system-deps installs python3-venv):\n${venv.out}`);
    const pip = run('/', join(dir, 'bin', 'pip'), ['install', '--quiet', 'pre-commit']);
    if (pip.code !== 0) throw new Error(`pip install pre-commit failed:\n${pip.out}`);
    const command = join(dir, 'bin', 'pre-commit');
    const version = run('/', command, ['--version']);
    if (!/^pre-commit 4\./.test(version.out)) throw new Error(`pip installed ${version.out}, not pre-commit 4`);
    return command;
  },
});
