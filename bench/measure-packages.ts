/**
 * What each package costs its users, measured as they install it: `make packages`' tarballs
 * installed into empty folders (the README's lines), the packages each install adds, and the
 * gzip size each adds to an app's JavaScript (esbuild, minified, against the same app without it).
 *
 *   tsx bench/measure-packages.ts   (also the `packages` phase of `make bench`)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { gzipSize, log, REPO } from './util.ts';

export interface PackageFigures {
  /** Packages the install adds (the lockfile's entries), React and React DOM included for the renderer. */
  installed: number;
  /** Of those, React's own (react, react-dom, scheduler): the host app has them anyway. */
  ofReact: number;
  /** Gzip bytes the package adds to an app's bundle (minified); null for the CLI. */
  gzipAdded: number | null;
  /** Gzip bytes of its stylesheet, when it has one. */
  cssGzip?: number;
  /** Gzip bytes of a ready-made browser module, when it has one (the search's `./browser`). */
  browserModuleGzip?: number;
}

export type PackagesFigures = Record<'renderer' | 'search' | 'generator', PackageFigures>;

const REACT = ['react', 'react-dom', 'scheduler'];

function install(dir: string, args: string[], cache: string): string[] {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_cache: cache },
    stdio: 'ignore',
  });
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages)
    .filter((k) => k.startsWith('node_modules/'))
    .map((k) => k.slice(k.lastIndexOf('node_modules/') + 'node_modules/'.length));
}

/** Gzip bytes of a minified browser bundle of `code`, resolved from `dir`'s node_modules. */
async function bundled(dir: string, code: string): Promise<number> {
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.jsx`);
  writeFileSync(entry, code);
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return gzipSize(Buffer.concat(out.outputFiles.map((f) => Buffer.from(f.contents))));
}

export async function measurePackages(): Promise<PackagesFigures> {
  const work = mkdtempSync(join(tmpdir(), 'vd-bench-packages-'));
  try {
    const packages = join(work, 'packages');
    execFileSync(process.execPath, [join(REPO, 'scripts', 'make-packages.js'), packages], { stdio: 'ignore' });
    const cache = join(work, 'npm-cache');
    const tgz = (name: string) => join(packages, `vitrina-docs-${name}-0.2.0.tgz`);
    const folder = (name: string) => {
      const dir = join(work, name);
      mkdirSync(dir);
      return dir;
    };

    log('packages: the renderer, installed as the README says');
    const app = folder('app');
    const rendererInstalled = install(app, [tgz('renderer'), 'react', 'react-dom'], cache);
    const reactOnly = `import { createRoot } from 'react-dom/client';\ncreateRoot(document.body).render(<p>x</p>);\n`;
    const withRenderer = `import { createRoot } from 'react-dom/client';
import { DocPage, PageBody, createHrefResolver, loadSiteData } from '@vitrina-docs/renderer';
const site = await loadSiteData('');
const resolveHref = createHrefResolver({ base: '/help', shows: site.isDoc });
const page = await site.page('/docs/mobile');
createRoot(document.body).render(<><DocPage page={page} ui={site.ui('ru')} resolveHref={resolveHref} /><PageBody body={page.body} /></>);
`;
    const renderer: PackageFigures = {
      installed: rendererInstalled.length,
      ofReact: rendererInstalled.filter((n) => REACT.includes(n)).length,
      gzipAdded: (await bundled(app, withRenderer)) - (await bundled(app, reactOnly)),
      cssGzip: gzipSize(readFileSync(join(app, 'node_modules', '@vitrina-docs', 'renderer', 'styles', 'content.css'))),
    };

    log('packages: the search runtime');
    const bot = folder('bot');
    const searchInstalled = install(bot, [tgz('search')], cache);
    const search: PackageFigures = {
      installed: searchInstalled.length,
      ofReact: 0,
      gzipAdded:
        (await bundled(
          bot,
          `import { openSearch } from '@vitrina-docs/search';\nconst s = await openSearch({ site: location.origin });\nconsole.log(await s.search('визит'));\n`,
        )) - (await bundled(bot, `console.log(location.origin);\n`)),
      browserModuleGzip: gzipSize(
        readFileSync(join(bot, 'node_modules', '@vitrina-docs', 'search', 'lib', 'browser', 'vitrina-search.js')),
      ),
    };

    log('packages: the CLI');
    const cli = folder('cli');
    const generator: PackageFigures = {
      installed: install(cli, ['--save-dev', tgz('generator')], cache).length,
      ofReact: 0,
      gzipAdded: null,
    };
    return { renderer, search, generator };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** One line per package, as the README quotes them. */
export function formatPackages(f: PackagesFigures): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    `@vitrina-docs/renderer: installs ${f.renderer.installed} packages (${f.renderer.installed - f.renderer.ofReact} besides React), adds ${kb(f.renderer.gzipAdded!)} gzip of JavaScript to an app (+ ${kb(f.renderer.cssGzip!)} gzip of CSS)`,
    `@vitrina-docs/search: installs ${f.search.installed} packages, adds ${kb(f.search.gzipAdded!)} gzip to an app; its browser module is ${kb(f.search.browserModuleGzip!)} gzip`,
    `@vitrina-docs/generator (the CLI): installs ${f.generator.installed} packages`,
  ].join('\n');
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  console.log(formatPackages(await measurePackages()));
}
