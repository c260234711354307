// Compiles the workspace packages into their lib/ folders (TypeScript project references, so a
// second run only rebuilds what changed), then stamps generator/lib/.compiled, which
// bin/vitrina-docs.js compares with the sources. `npm run compile`; also run by setup-checkout.js.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PROJECTS = ['schemas', 'search', 'renderer', 'generator'].map((p) => join(p, 'tsconfig.build.json'));

/** The newest modification time of a package's sources (not tests, not lib/ or node_modules/). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'lib' || entry.name === 'node_modules' || entry.name === 'fixtures') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Forgets the build state of the renderer when its sources changed after it. `tsc -b` judges a
 * project that is not composite (the renderer lists only its entry, index.ts) by its listed files
 * alone, so an edit of any other module would leave renderer/lib/ stale.
 */
function forgetStaleBuildInfo() {
  for (const pkg of ['renderer']) {
    const info = join(root, '.cache', 'tsbuildinfo', `${pkg}.tsbuildinfo`);
    const built = statSync(info, { throwIfNoEntry: false });
    if (built && newestSource(join(root, pkg)) > built.mtimeMs) rmSync(info, { force: true });
  }
}

export function compilePackages({ quiet = false } = {}) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  forgetStaleBuildInfo();
  const r = spawnSync(process.execPath, [tsc, '-b', ...PROJECTS], { cwd: root, stdio: quiet ? 'ignore' : 'inherit' });
  if (r.status !== 0) return false;
  // The bundles are written in place: a CLI started meanwhile (a test, the hook) would read a
  // half-written one. Sources older than the stamp leave them as they are.
  if (!bundlesCurrent()) {
    const esbuild = loadEsbuild();
    bundleSearchForBrowsers(esbuild);
    bundleCli(esbuild);
  }
  mkdirSync(join(root, 'generator', 'lib'), { recursive: true });
  writeFileSync(STAMP, '');
  return true;
}

const STAMP = join(root, 'generator', 'lib', '.compiled');
const BUNDLES = [join(root, 'generator', 'lib', 'bundle', 'cli.js'), join(root, 'search', 'lib', 'browser', 'vitrina-search.js')];

/** The bundles exist and were made after the last change of the sources they are made of. */
export function bundlesCurrent() {
  const stamped = statSync(STAMP, { throwIfNoEntry: false });
  if (!stamped || !BUNDLES.every((file) => existsSync(file))) return false;
  return ['schemas', 'search', 'generator'].every((pkg) => newestSource(join(root, pkg)) <= stamped.mtimeMs);
}

/** esbuild, or null in an install without the development packages (the bundles are then skipped). */
function loadEsbuild() {
  try {
    return createRequire(import.meta.url)('esbuild');
  } catch {
    return null;
  }
}

/**
 * The search runtime as one ES module for browsers, its dependencies included
 * (`@vitrina-docs/search/browser`, for pages that load it without a bundler). Skipped without
 * esbuild.
 */
function bundleSearchForBrowsers(esbuild) {
  if (!esbuild) return;
  esbuild.buildSync({
    entryPoints: [join(root, 'search', 'lib', 'index.js')],
    outfile: join(root, 'search', 'lib', 'browser', 'vitrina-search.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/**
 * The CLI as a few ES modules, its dependencies included (generator/lib/bundle/): its entry and
 * the entries of the threads it starts (the pipeline's, the build workers'), with the code they
 * share in chunks. Node loads the compiled packages as about 800 small modules; a build's
 * threads each spent 170 to 220 ms on that before their first page, and the bundle takes them
 * about 80 ms. Everything is at the top of the folder, so that the threads' entries are found
 * beside the code that starts them. What stays in node_modules: the packages the code loads with
 * `require` at run time (css-tree, ajv), the OpenAPI validator (it reads its JSON Schemas from
 * beside its own files) and chokidar (the native watchers of `dev`). Skipped where esbuild is
 * not installed; bin/vitrina-docs.js then runs generator/lib/cli.js.
 */
function bundleCli(esbuild) {
  const lib = join(root, 'generator', 'lib');
  // (An earlier bundle goes first: it must never run in place of newer modules.)
  rmSync(join(lib, 'bundle'), { recursive: true, force: true });
  if (!esbuild) return;
  esbuild.buildSync({
    entryPoints: ['cli.js', 'pipeline/pipeline-thread.js', 'pipeline/build-worker.js'].map((f) => join(lib, f)),
    outdir: join(lib, 'bundle'),
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // (openapi-to-postmanv2 stays one module instance with the json-schema-faker the Postman
    // collection seeds: generator/openapi/postman-collection.ts.)
    external: ['chokidar', '@seriousme/openapi-schema-validator', 'openapi-to-postmanv2'],
    // (Some dependencies are CommonJS and call require.)
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = compilePackages() ? 0 : 1;
