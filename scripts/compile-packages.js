// Compiles the workspace packages into their lib/ folders (TypeScript project references, so a
// second run only rebuilds what changed), then stamps generator/lib/.compiled, which
// bin/vitrina-docs.js compares with the sources. `npm run compile`; also run by setup-checkout.js.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PROJECTS = ['schemas', 'search', 'renderer', 'generator'].map((p) => join(p, 'tsconfig.build.json'));

export function compilePackages({ quiet = false } = {}) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-b', ...PROJECTS], { cwd: root, stdio: quiet ? 'ignore' : 'inherit' });
  if (r.status !== 0) return false;
  bundleSearchForBrowsers();
  mkdirSync(join(root, 'generator', 'lib'), { recursive: true });
  writeFileSync(join(root, 'generator', 'lib', '.compiled'), '');
  return true;
}

/**
 * The search runtime as one ES module for browsers, its dependencies included
 * (`@vitrina-docs/search/browser`, for pages that load it without a bundler). Skipped where
 * esbuild is not installed (an install without the development packages).
 */
function bundleSearchForBrowsers() {
  let esbuild;
  try {
    esbuild = createRequire(import.meta.url)('esbuild');
  } catch {
    return;
  }
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

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = compilePackages() ? 0 : 1;
