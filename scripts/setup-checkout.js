// Sets up a checkout of this repository after `npm install` / `npm ci` (the npm `postinstall`
// script): compiles the workspace packages into their lib/ folders, so that the CLI starts fast
// and so that `npm pack` of the checkout (what the pre-commit framework installs) holds them;
// then, in a writer's or developer's git checkout (not on CI), installs scripts/git-hooks/* into
// the checkout's git hooks. Does nothing in an installed package (no sources); leaves the hooks
// alone when another hook manager owns them (core.hooksPath) or a hook of the same name is not
// ours; never fails the install.
// Why `postinstall` and not `prepare`: npm also runs `prepare` for `npm pack`, and npm 10 prints
// the script's banner on stdout there, where the pre-commit framework reads the tarball's name
// (language: node hooks fail to install; pre-commit/pre-commit#3259).
import { execFileSync } from 'node:child_process';
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

async function compile() {
  const { compilePackages } = await import('./compile-packages.js');
  if (!compilePackages({ quiet: true }))
    console.log('vitrina-docs: the packages were not compiled (npm run compile shows why); the CLI runs from the sources, more slowly');
}

const steps = [];
// Sources present and TypeScript installed: a checkout of this repository (also the pre-commit
// framework's clone, which installs with dev dependencies and then packs it).
if (existsSync(join(root, 'generator', 'cli.ts')) && existsSync(join(root, 'node_modules', 'typescript')))
  steps.push(['packages not compiled', compile]);
if (!process.env.CI && isOwnCheckout()) steps.push(['git hooks not installed', installHooks]);
for (const [what, step] of steps) {
  try {
    await step();
  } catch (e) {
    console.log(`vitrina-docs: ${what} (${e instanceof Error ? e.message : String(e)})`);
  }
}
