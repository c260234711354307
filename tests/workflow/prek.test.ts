/** The hook under prek, installed as its users install it from npm: `npm install -g @j178/prek`. */
import { join } from 'node:path';
import { CLEAN_ENV, describeHookRunner, run } from './hook-runners.ts';

describeHookRunner({
  name: 'prek (npm)',
  cacheVariable: 'PREK_HOME',
  install(dir) {
    const npm = run('/', 'npm', ['install', '-g', '--no-audit', '--no-fund', '@j178/prek'], { ...CLEAN_ENV, npm_config_prefix: dir });
    if (npm.code !== 0) throw new Error(`npm install -g @j178/prek failed:\n${npm.out}`);
    return join(dir, 'bin', 'prek');
  },
});
