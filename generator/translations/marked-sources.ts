import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { translationHash } from './source-hash.ts';

/** Where `--mark` keeps a copy of each source it marks a translation against, by its hash. */
const storeDir = (root: string) => join(root, '.cache', 'translation-sources');

/** Keeps a copy of a source page as it is when a translation is marked against it (a cache: git history is the other place to look). */
export function storeMarkedSource(root: string, source: string): void {
  try {
    mkdirSync(storeDir(root), { recursive: true });
    writeFileSync(join(storeDir(root), `${translationHash(source)}.md`), source);
  } catch {
    // only a copy: git history is still there
  }
}

/** The source text a translation was marked against, and where it was found. */
export interface MarkedSource {
  text: string;
  /** `commit`: from git history (the newest commit whose version has the hash); `stored`: from .cache/. */
  from: 'commit' | 'stored';
  commit: string | null;
  date: string | null;
}

const git = (root: string, args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });

/**
 * Finds the version of `file` (relative to the root) whose body has `hash`: the copy `--mark`
 * stored, else the file's git history (renames followed), newest first. Null when neither has it.
 */
export function findMarkedSource(root: string, file: string, hash: string): MarkedSource | null {
  const stored = join(storeDir(root), `${hash}.md`);
  if (existsSync(stored)) {
    const text = readFileSync(stored, 'utf8');
    if (translationHash(text) === hash) return { text, from: 'stored', commit: null, date: null };
  }
  let log: string;
  try {
    const top = git(root, ['rev-parse', '--show-toplevel']).trim();
    const path = relative(top, join(root, file)).split(sep).join('/');
    log = git(root, ['log', '--follow', '--format=%x00%H %cI', '--name-only', '--', path]);
  } catch {
    return null; // not a git checkout, or no history
  }
  const versions = log
    .split('\0')
    .map((chunk) => chunk.split('\n').filter(Boolean))
    .filter((lines) => lines.length >= 2)
    .map(([head, name]) => ({ commit: head!.split(' ')[0]!, date: head!.split(' ')[1] ?? null, name: name! }));
  if (!versions.length) return null;
  // One git process reads every version (`git cat-file --batch`).
  const batch = spawnSync('git', ['cat-file', '--batch'], {
    cwd: root,
    input: versions.map((v) => `${v.commit}:${v.name}`).join('\n') + '\n',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (batch.status !== 0) return null;
  const out = batch.stdout;
  let at = 0;
  for (const v of versions) {
    const eol = out.indexOf(10, at);
    const header = out.subarray(at, eol).toString();
    const size = Number(header.split(' ')[2]);
    if (header.endsWith(' missing') || !Number.isFinite(size)) {
      at = eol + 1;
      continue;
    }
    const text = out.subarray(eol + 1, eol + 1 + size).toString('utf8');
    at = eol + 1 + size + 1;
    if (translationHash(text) === hash) return { text, from: 'commit', commit: v.commit, date: v.date };
  }
  return null;
}
