// Writes a release of the writers' hook into a checkout of the hook repository (the repository
// that hook configurations name in `repo:`; README: Releases), commits it on the checkout's branch
// and tags it `v<version>`:
//
//   node scripts/make-hook-release.js <checkout of the hook repository>   (a new folder: git init)
//
// The hook runners install the tree a configuration's `rev` points at with npm, and npm prepares
// a git dependency whose package.json has `workspaces` or an install-time script (postinstall,
// prepare, …) with a nested `npm install --include=dev`: this repository's root would bring the
// whole development toolchain. So the hook repository holds a package of its own: the packed
// @vitrina-docs/generator (its compiled lib/ with the CLI's bundle, which includes the other
// workspace packages), without TypeScript sources, scripts or devDependencies, depending only on
// the packages the bundle still loads at run time; and this repository's `.pre-commit-hooks.yaml`.
// One commit per release on one branch, so that `pre-commit autoupdate` (which describes the
// remote's default branch) finds the newest tag.
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE = join(root, 'generator', 'lib', 'bundle');

/** Compiles the packages unless generator/lib/ holds bundles newer than every source. */
async function ensureCompiled() {
  const { bundlesCurrent, compilePackages } = await import('./compile-packages.js');
  if (bundlesCurrent()) return;
  if (!compilePackages()) throw new Error('the packages do not compile (npm run compile shows why)');
  if (!existsSync(join(BUNDLE, 'cli.js')))
    throw new Error('npm run compile made no generator/lib/bundle/ (esbuild is not installed: run npm ci)');
}

/**
 * The dependencies the bundle loads from node_modules: the specifiers of its static and dynamic
 * imports and of its `require` calls (also `createRequire(…)('x')`), by package name.
 */
export function packagesTheBundleLoads(bundleDir, dependencies) {
  const builtins = new Set(builtinModules);
  const found = new Set();
  // (Static imports start a line in esbuild's output; the code generators of request samples
  // hold `import x from 'y'` and `require('y')` inside strings, never at the start of a line.)
  const specifiers = [
    /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["'];?$/gm,
    /^import\s*["']([^"']+)["'];?$/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /(?:\b__require|\brequire|\bcreateRequire\d*\(import\.meta\.url\))\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const file of readdirSync(bundleDir).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(bundleDir, file), 'utf8');
    for (const [, spec] of specifiers.flatMap((re) => [...code.matchAll(re)])) {
      if (spec.startsWith('.')) continue;
      if (spec.startsWith('node:') || builtins.has(spec.split('/')[0])) continue;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(name)) continue;
      // (Others are names in code that the bundle's dependencies generate, as ajv's
      // `require("ajv-formats/…")`: esbuild bundles every import but those of dependencies.)
      if (dependencies[name]) found.add(name);
    }
  }
  return [...found].sort();
}

function sh(cwd, command, args) {
  return execFileSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The hook package, written into `out` (a new folder); returns its package.json. */
function writeHookPackage(out) {
  const work = mkdtempSync(join(tmpdir(), 'vd-hook-release-'));
  try {
    // (--ignore-scripts: the generator's prepack compiles; ensureCompiled already has.)
    const [packed] = JSON.parse(
      sh(root, 'npm', ['pack', '-w', 'generator', '--ignore-scripts', '--pack-destination', work, '--json', '--loglevel=error']),
    );
    sh(work, 'tar', ['-xzf', join(work, packed.filename), '-C', work]);
    const from = join(work, 'package');
    const pkg = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
    const used = packagesTheBundleLoads(join(from, 'lib', 'bundle'), pkg.dependencies);
    const slim = {
      // (The CLI finds its version through its own name: `@vitrina-docs/generator/package.json`.)
      name: pkg.name,
      version: pkg.version,
      description: `The vitrina-docs CLI as the hook vitrina-docs-validate installs it (made from vitrina-docs ${pkg.version} by scripts/make-hook-release.js)`,
      license: pkg.license,
      type: pkg.type,
      bin: pkg.bin,
      exports: { './package.json': './package.json' },
      files: ['bin/', 'lib/', 'dev/client/'],
      engines: pkg.engines,
      dependencies: Object.fromEntries(used.map((name) => [name, pkg.dependencies[name]])),
    };
    mkdirSync(out, { recursive: true });
    for (const name of ['bin', 'lib', 'dev']) {
      // (Declarations and sources: the bundle needs neither; lib/'s modules stay, the check cache's fingerprint reads them.)
      cpSync(join(from, name), join(out, name), { recursive: true, filter: (f) => !f.endsWith('.ts') });
    }
    writeFileSync(join(out, 'package.json'), `${JSON.stringify(slim, null, 2)}\n`);
    return slim;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes, commits and tags the release in `dir`; returns the tag and the branch to push. */
export async function makeHookRelease(dir) {
  dir = resolve(dir);
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const tag = `v${version}`;
  if (!existsSync(join(dir, '.git'))) {
    mkdirSync(dir, { recursive: true });
    sh(dir, 'git', ['init', '-q', '-b', 'main']);
  }
  if (sh(dir, 'git', ['status', '--porcelain'])) throw new Error(`${dir} has uncommitted changes`);
  if (sh(dir, 'git', ['tag', '--list', tag])) throw new Error(`${dir} already has the tag ${tag}`);
  const branch = sh(dir, 'git', ['symbolic-ref', '--short', 'HEAD']);
  await ensureCompiled();
  for (const name of readdirSync(dir)) if (name !== '.git') rmSync(join(dir, name), { recursive: true, force: true });
  const pkg = writeHookPackage(dir);
  cpSync(join(root, '.pre-commit-hooks.yaml'), join(dir, '.pre-commit-hooks.yaml'));
  writeFileSync(
    join(dir, 'README.md'),
    `# vitrina-docs hook\n\nThe hook \`vitrina-docs-validate\` (\`.pre-commit-hooks.yaml\`) for the pre-commit framework and prek:\n` +
      `it checks the documentation under \`content/\` as staged. Each release is a tag, \`v<version>\`, on \`${branch}\`.\n\n` +
      `Made by \`scripts/make-hook-release.js\` of vitrina-docs from its version ${version}: the compiled CLI and the\n` +
      `${Object.keys(pkg.dependencies).length} packages it loads at run time. Do not edit: the next release replaces every file.\n`,
  );
  sh(dir, 'git', ['add', '-A']);
  sh(dir, 'git', ['commit', '-q', '-m', `vitrina-docs ${version}`]);
  sh(dir, 'git', ['tag', '-a', tag, '-m', `vitrina-docs ${version}`]);
  return { tag, branch };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/make-hook-release.js <checkout of the hook repository>');
    process.exit(2);
  }
  try {
    const { tag, branch } = await makeHookRelease(dir);
    console.log(`${dir}: committed and tagged ${tag} on ${branch}; publish it with: git -C ${dir} push origin ${branch} ${tag}`);
  } catch (e) {
    console.error(`make-hook-release: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  }
}
