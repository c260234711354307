// Sets up a writer's or developer's git checkout of this package after `npm install` / `npm ci`
// (the npm `postinstall` script): installs scripts/git-hooks/* into the checkout's git hooks,
// then compiles the CLI into lib/ so that the pre-commit hook starts fast (bin/vitrina-docs.js
// runs the TypeScript sources through tsx whenever lib/ is stale). Does nothing outside a git
// checkout of this package (an installed package, a tarball) or on CI; leaves the hooks alone
// when another hook manager owns them (core.hooksPath) or a hook of the same name is not ours;
// never fails the install.
// Why `postinstall` and not `prepare`: npm also runs `prepare` for `npm pack`, and npm 10 prints
// the script's banner on stdout there, where the pre-commit framework reads the tarball's name
// (language: node hooks fail to install; pre-commit/pre-commit#3259).
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK = '# vitrina-docs hook shim';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function git(...args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/** True in a git checkout whose top folder is this package (not a tarball, not a dependency inside another repository). */
function isOwnCheckout() {
  try {
    return realpathSync(git('rev-parse', '--show-toplevel')) === realpathSync(root);
  } catch {
    return false;
  }
}

function installHooks() {
  let hooksPath = '';
  try {
    hooksPath = git('config', '--get', 'core.hooksPath');
  } catch {
    // not set: the usual .git/hooks
  }
  if (hooksPath) {
    console.log(`vitrina-docs: core.hooksPath is set (${hooksPath}); add scripts/git-hooks/pre-commit to your hook manager yourself`);
    return;
  }
  const hooksDir = resolve(root, git('rev-parse', '--git-path', 'hooks'));
  mkdirSync(hooksDir, { recursive: true });
  for (const name of readdirSync(join(root, 'scripts', 'git-hooks'))) {
    const target = join(hooksDir, name);
    if (existsSync(target) && !readFileSync(target, 'utf8').includes(MARK)) {
      console.log(`vitrina-docs: ${target} exists and is not ours; left as it is (scripts/git-hooks/${name} is the check to run)`);
      continue;
    }
    // A shim, so that the hook follows scripts/git-hooks/ as the repository changes.
    writeFileSync(
      target,
      `#!/bin/sh\n${MARK}: runs scripts/git-hooks/${name} of this checkout\nexec "$(git rev-parse --show-toplevel)/scripts/git-hooks/${name}" "$@"\n`,
    );
    chmodSync(target, 0o755);
  }
}

function compile() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'ignore' });
  if (r.status === 0) writeFileSync(join(root, 'lib', '.compiled'), '');
  else console.log('vitrina-docs: the CLI was not compiled (npm run compile shows why); it runs from the sources, more slowly');
}

if (!process.env.CI && isOwnCheckout()) {
  for (const [what, step] of [
    ['git hooks not installed', installHooks],
    ['CLI not compiled', compile],
  ]) {
    try {
      step();
    } catch (e) {
      console.log(`vitrina-docs: ${what} (${e instanceof Error ? e.message : String(e)})`);
    }
  }
}
