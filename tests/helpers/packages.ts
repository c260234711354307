/**
 * The workspace packages as their users get them: packed with `npm pack` and installed into a
 * fresh folder outside the repository, with nothing of the repository's node_modules in reach.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './project.ts';

export const PACKAGES = ['schemas', 'search', 'renderer', 'generator'] as const;
export type PackageName = `@vitrina-docs/${(typeof PACKAGES)[number]}`;

const npmEnv = () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  // Set by `npm run` / npx around the tests: they would point the fresh install back at this repository.
  for (const key of Object.keys(env)) if (/^npm_(package|lifecycle|config_(prefix|workspace|local_prefix))/i.test(key)) delete env[key];
  return env;
};

function npm(cwd: string, args: string[]): string {
  return execFileSync('npm', args, { cwd, env: npmEnv(), encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Packs every workspace package into `dir` (compiling them first); package name → tarball path. */
export function packWorkspaces(dir = mkdtempSync(join(tmpdir(), 'vd-packs-'))): Record<PackageName, string> {
  const out = JSON.parse(npm(ROOT, ['pack', ...PACKAGES.flatMap((p) => ['-w', p]), '--pack-destination', dir, '--json', '--silent'])) as {
    name: PackageName;
    filename: string;
  }[];
  return Object.fromEntries(out.map((p) => [p.name, join(dir, p.filename)])) as Record<PackageName, string>;
}

/**
 * A fresh project in a temporary folder with these dependencies (a tarball path or a version
 * range each), installed from the registry; the tarballs of the workspace packages that they
 * depend on are installed from `packs` (they are not on a registry).
 */
export function installFresh(
  label: string,
  dependencies: Record<string, string>,
  packs: Partial<Record<PackageName, string>> = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), `vd-install-${label}-`));
  mkdirSync(dir, { recursive: true });
  const overrides = Object.fromEntries(Object.entries(packs).map(([name, tgz]) => [name, `file:${tgz}`]));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `vd-${label}-user`, private: true, type: 'module', dependencies, overrides }, null, 2)}\n`,
  );
  npm(dir, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
  return dir;
}

/** Every package installed in a project, by name (from `npm ls --all`). */
export function installedPackages(dir: string): Set<string> {
  type Tree = { dependencies?: Record<string, Tree> };
  const tree = JSON.parse(npm(dir, ['ls', '--all', '--json'])) as Tree;
  const names = new Set<string>();
  const walk = (t: Tree) => {
    for (const [name, sub] of Object.entries(t.dependencies ?? {})) {
      if (names.has(name)) continue;
      names.add(name);
      walk(sub);
    }
  };
  walk(tree);
  return names;
}

/** Packages of the generator's toolchain that an embedding app or a chatbot must not install. */
export const TOOLCHAIN = [
  'refractor',
  'commander',
  'remark-parse',
  'remark-gfm',
  'remark-rehype',
  'remark-directive',
  'gray-matter',
  'ajv',
  'chokidar',
  'yaml',
  'js-yaml',
  '@seriousme/openapi-schema-validator',
  'image-size',
  'github-slugger',
  'hast-util-to-html',
  'vite',
  'esbuild',
  'typescript',
  'tsx',
  '@vitrina-docs/generator',
];
