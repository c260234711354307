// Writes the workspace packages as tarballs that install without a registry (`make packages`):
// packed with npm (which compiles them), then each package.json's dependencies on the other
// packages point at the sibling tarballs (`file:./vitrina-docs-schemas-0.3.0.tgz`), which npm
// resolves against the folder of the tarball being installed. Keep the tarballs together.
//
//   node scripts/make-packages.js [folder]   (default: packages/)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['schemas', 'search', 'renderer', 'generator'];

/** `@vitrina-docs/renderer` at 0.3.0 → `vitrina-docs-renderer-0.3.0.tgz` (npm pack's name). */
export const tarballName = (name, version) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/** Packs every workspace package into `out` and returns package name → tarball path. */
export function makePackages(out = join(root, 'packages')) {
  out = resolve(out);
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'vd-make-packages-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', ...WORKSPACES.flatMap((w) => ['-w', w]), '--pack-destination', work, '--json', '--loglevel=error'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      }),
    );
    const names = Object.fromEntries(packed.map((p) => [p.name, tarballName(p.name, p.version)]));
    const result = {};
    for (const p of packed) {
      const dir = join(work, p.name.replace('/', '+'));
      mkdirSync(dir);
      execFileSync('tar', ['-xzf', join(work, p.filename), '-C', dir]);
      const file = join(dir, 'package', 'package.json');
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
        for (const dep of Object.keys(pkg[field] ?? {})) {
          if (!names[dep]) continue;
          if (field === 'dependencies') pkg[field][dep] = `file:./${names[dep]}`;
          else delete pkg[field][dep];
        }
        if (pkg[field] && !Object.keys(pkg[field]).length) delete pkg[field];
      }
      // Scripts of the checkout (prepack compiles in the repository); nothing to run once packed.
      delete pkg.scripts;
      writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
      const [again] = JSON.parse(
        execFileSync('npm', ['pack', join(dir, 'package'), '--pack-destination', out, '--json', '--ignore-scripts', '--loglevel=error'], {
          cwd: work,
          encoding: 'utf8',
          maxBuffer: 64 << 20,
        }),
      );
      result[p.name] = join(out, again.filename);
    }
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const made = makePackages(process.argv[2]);
  for (const file of Object.values(made)) console.log(file);
}
