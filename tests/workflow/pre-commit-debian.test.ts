/** The hook under Debian's pre-commit (3.x, `apt-get install pre-commit`; make system-deps installs it). */
import { describeHookRunner, run } from './hook-runners.ts';

describeHookRunner({
  name: 'pre-commit 3 (Debian)',
  cacheVariable: 'PRE_COMMIT_HOME',
  install() {
    const version = run('/', '/usr/bin/pre-commit', ['--version']);
    if (!/^pre-commit 3\./.test(version.out))
      throw new Error(`/usr/bin/pre-commit is ${version.out || 'missing'} (make system-deps installs Debian's pre-commit)`);
    return '/usr/bin/pre-commit';
  },
});
