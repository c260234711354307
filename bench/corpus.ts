/**
 * The project roots the benchmark builds: a snapshot of a corpus in a temporary folder (so that
 * removing caches and editing a page never touches the working tree, and edits made meanwhile in
 * the working tree do not change a run), and the renderer bundle linked into it.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { linkNodeModules, WORKSPACES } from '../scripts/workspace-links.ts';
import { libIsCurrent, log, REPO, runSync } from './util.ts';

export const RENDERER_DIR = '.cache/renderer';

export interface RendererStatus {
  built: boolean;
  /** Where the bundle was read from. */
  dir: string;
  builtAt: string | null;
  /** Renderer sources changed after the bundle was built: the pages measured are of an older renderer. */
  stale: boolean;
  note: string;
}

function newestMtime(dir: string, test: (name: string) => boolean): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    // (Not what was made from the sources: a package's compiled lib/, its node_modules.)
    if (/(^|[\\/])(lib|node_modules)([\\/]|$)/.test(e.parentPath.slice(dir.length))) continue;
    if (e.isFile() && test(e.name)) newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

/** Whether the renderer bundle (npm run build:renderer → .cache/renderer) exists, and how fresh it is. */
export function rendererStatus(root = REPO): RendererStatus {
  const dir = join(root, RENDERER_DIR);
  const server = join(dir, 'server', 'server.js');
  const manifest = join(dir, 'client', '.vite', 'manifest.json');
  if (!existsSync(server) || !existsSync(manifest)) {
    return { built: false, dir, builtAt: null, stale: false, note: 'renderer not built (npm run build:renderer writes .cache/renderer)' };
  }
  const builtAt = Math.min(statSync(server).mtimeMs, statSync(manifest).mtimeMs);
  const sources = newestMtime(join(REPO, 'renderer'), (n) => /\.(tsx?|css)$/.test(n) && !/\.test\./.test(n));
  const stale = sources > builtAt;
  return {
    built: true,
    dir,
    builtAt: new Date(builtAt).toISOString(),
    stale,
    note: stale
      ? 'renderer sources are newer than the bundle: run npm run build:renderer for current figures'
      : 'renderer bundle is up to date',
  };
}

export interface CodeSnapshot {
  dir: string;
  cli: string;
  /** How bin/ runs the generator in the snapshot: compiled lib/ or the sources through tsx. */
  generator: 'lib' | 'tsx';
  compile: { ran: boolean; ok: boolean | null; ms: number | null; note: string };
  renderer: RendererStatus;
}

const CODE = ['bin', 'scripts', ...WORKSPACES, 'deploy', 'package.json', 'tsconfig.json'];

/**
 * A copy of the code (bin/, generator/, schemas/, renderer/, lib/, with their times kept) and of
 * the renderer bundle, with node_modules linked: what is measured stays as it was when the
 * benchmark started, even while the working tree is being edited. lib/ is compiled in the copy
 * (npm run compile's two steps) when it is older than the sources, so bin/ runs the compiled code.
 */
export function snapshotCode(options: { compile: boolean }): CodeSnapshot {
  const dir = makeTempDir('code');
  for (const name of CODE) {
    const from = join(REPO, name);
    if (existsSync(from)) cpSync(from, join(dir, name), { recursive: true, preserveTimestamps: true });
  }
  linkNodeModules(dir, REPO);
  const source = rendererStatus(REPO);
  if (source.built) cpSync(source.dir, join(dir, RENDERER_DIR), { recursive: true, preserveTimestamps: true });
  const renderer: RendererStatus = { ...source, dir: join(dir, RENDERER_DIR) };
  let compile: CodeSnapshot['compile'] = { ran: false, ok: null, ms: null, note: 'lib/ was up to date' };
  if (!libIsCurrent(dir)) {
    if (options.compile) {
      log("the packages' lib/ are older than the sources: compiling the snapshot (scripts/compile-packages.js)");
      const r = runSync(process.execPath, [join(dir, 'scripts', 'compile-packages.js')], 300_000);
      const ok = r.code === 0;
      compile = {
        ran: true,
        ok,
        ms: Math.round(r.ms),
        note: ok
          ? 'compiled lib/ in the snapshot'
          : `tsc failed, so bin/ runs the sources through tsx: ${r.output.trim().split('\n').slice(0, 3).join(' | ')}`,
      };
    } else
      compile = { ran: false, ok: null, ms: null, note: 'lib/ is stale and --no-compile was given: bin/ runs the sources through tsx' };
  }
  return { dir, cli: join(dir, 'bin', 'vitrina-docs.js'), generator: libIsCurrent(dir) ? 'lib' : 'tsx', compile, renderer };
}

export function makeTempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `vitrina-bench-${label}-`));
}

/**
 * A project root in a temporary folder holding a copy of `<corpusRoot>/content` and a link to the
 * renderer bundle (bin/ reads it from `<root>/.cache/renderer`; `renderer.dir` is the snapshot's copy).
 */
export function snapshotProject(corpusRoot: string, label: string, renderer: RendererStatus): string {
  const root = makeTempDir(label);
  cpSync(join(corpusRoot, 'content'), join(root, 'content'), { recursive: true });
  mkdirSync(join(root, '.cache'), { recursive: true });
  if (renderer.built) symlinkSync(renderer.dir, join(root, RENDERER_DIR), 'dir');
  return root;
}

export function removeTemp(dir: string): void {
  if (dir.startsWith(tmpdir())) rmSync(dir, { recursive: true, force: true });
}

/** The caches of compiled pages and checks (`validate`'s, and the build's): text files, JSON files before. */
export const CACHE_FILES = { validate: ['validate-cache.txt', 'validate-cache.json'], build: ['build-cache.txt', 'build-cache.json'] };

/** What a clean build starts without: everything in .cache/ but the renderer bundle (as side-by-side.sh does). */
export function removeBuildCaches(root: string): void {
  const dir = join(root, '.cache');
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (name !== 'renderer') rmSync(join(dir, name), { recursive: true, force: true });
}

export function listPages(root: string): string[] {
  const dir = join(root, 'content', 'docs');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => relative(join(root, 'content'), join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/**
 * The page the incremental rebuild edits: the preferred one when the corpus has it, else the
 * first ru doc page that is not an index.
 */
export function pickEditablePage(root: string, preferred = 'docs/mobile/ic3/visits/start.ru.md'): string | null {
  if (existsSync(join(root, 'content', preferred))) return preferred;
  return listPages(root).find((p) => p.endsWith('.ru.md') && !p.endsWith('/index.ru.md')) ?? listPages(root)[0] ?? null;
}

/** Appends a sentence to a page (a new paragraph at its end), so the page must be compiled again. */
export function editPage(root: string, rel: string, n: number): void {
  const file = join(root, 'content', rel);
  const ru = rel.endsWith('.ru.md');
  const line = ru
    ? `Этот абзац добавлен при замере скорости сборки, правка номер ${n}.`
    : `This paragraph was added by the build benchmark, edit number ${n}.`;
  writeFileSync(file, `${readFileSync(file, 'utf8').replace(/\s*$/, '')}\n\n${line}\n`);
}
