import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { OutputRecord } from './output-record.ts';

/** The key of a file made by its bytes: their SHA-256 (base64). */
const bytesKey = (data: string | Buffer): string => `=${createHash('sha256').update(data).digest('base64')}`;

/**
 * The output of a build, written as it is made into a staging folder and put in place by
 * `commit()`. Nothing is held in memory once written. A build that fails before `commit()`
 * calls `discard()` (or simply never commits) and leaves the previous output exactly as it was.
 *
 * The staging folders live in `.cache/staging/` of the project (ignored by git), named with the
 * process id of their build: a build that was killed leaves its folder there, and the next build
 * removes every folder whose process is gone (and the `.dist-next-*` / `.dist-old-*` folders
 * that earlier versions left beside the output). When the output is on another file system, the
 * staging folder is `.vitrina-staging/` beside it instead, so that the moves stay renames.
 *
 * With a record file (see OutputRecord), a file the previous build into the same folder made from
 * the same inputs (`reuse`, by the key of its inputs) or with the same bytes (`write`, `copyFile`)
 * is kept where it is: only the files whose bytes change are written. Then `commit()` moves the
 * staged files into the output, one rename each, and removes the files the build did not make;
 * the files kept are not touched. Without a record (or when nothing was kept), the staging folder
 * takes the place of the previous output whole.
 */
export class StagedOutput {
  private readonly target: string;
  private readonly tmp: string;
  private readonly old: string;
  private readonly dirs = new Set<string>();
  private count = 0;
  private readonly record: OutputRecord | null;
  /** Files of the previous output this build keeps as they are. */
  private readonly kept = new Set<string>();
  /** Files this thread wrote or copied into the staging folder. */
  private readonly staged = new Set<string>();

  constructor(outDir: string, stagingDir: string, recordFile?: string) {
    this.target = resolve(outDir);
    this.record = recordFile ? new OutputRecord(recordFile, this.target) : null;
    const parent = dirname(this.target);
    mkdirSync(parent, { recursive: true });
    mkdirSync(stagingDir, { recursive: true });
    const base = statSync(stagingDir).dev === statSync(parent).dev ? stagingDir : join(parent, '.vitrina-staging');
    removeLeftovers(base, /^(?:next|old|bodies)-(\d+)-/);
    removeLeftovers(parent, /^\.dist-(?:next|old)-(\d+)-/);
    const stamp = `${process.pid}-${Date.now().toString(36)}`;
    this.tmp = join(base, `next-${stamp}`);
    this.old = join(base, `old-${stamp}`);
    mkdirSync(this.tmp, { recursive: true });
  }

  /** Files written so far. */
  get files(): number {
    return this.count;
  }

  /** The staging folder, for threads that write files into it themselves (then `added`). */
  get dir(): string {
    return this.tmp;
  }

  /** Counts files written into `dir` by others. */
  added(files: number): void {
    this.count += files;
  }

  /** Where the file `rel` of this build is now: in the previous output when kept, else in the staging folder. */
  path(rel: string): string {
    return join(this.kept.has(rel) && !this.staged.has(rel) ? this.target : this.tmp, rel);
  }

  /**
   * Writes one file, by its path relative to the output folder; a file of the previous output
   * with the same bytes is kept instead (unless the file's inputs were `keyed`).
   */
  write(rel: string, data: string | Buffer): void {
    if (this.record && !this.record.has(rel)) {
      const key = bytesKey(data);
      if (this.keep(rel, key)) return;
      this.record.set(rel, key);
    }
    this.writeStaged(rel, data);
  }

  private writeStaged(rel: string, data: string | Buffer): void {
    const abs = join(this.tmp, rel);
    const dir = dirname(abs);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    writeFileSync(abs, data);
    this.staged.add(rel);
    this.count++;
  }

  /** Keeps the previous output's file `rel` when it was made from inputs of this `key` and is unchanged since. */
  private keep(rel: string, key: string): boolean {
    if (this.staged.has(rel) || !this.record?.unchanged(rel, key)) return false;
    this.kept.add(rel);
    this.record.set(rel, key);
    this.count++;
    return true;
  }

  /**
   * Keeps the file `rel` of the previous output when it was made from inputs of this `key` and
   * returns true; else returns false, and the caller makes the file and notes its key with `keyed`.
   */
  reuse(rel: string, key: string): boolean {
    return this.keep(rel, key);
  }

  /** Notes that the file `rel` (written by this build) is made from inputs of this `key`, for the next build to `reuse`. */
  keyed(rel: string, key: string): void {
    this.record?.set(rel, key);
  }

  /** Copies a folder in; files the build wrote itself win over copied ones. */
  copy(from: string, to: string): void {
    let names: string[];
    try {
      names = readdirSync(from, { recursive: true, encoding: 'utf8' });
    } catch {
      return;
    }
    for (const name of names.sort()) {
      const file = join(from, name);
      if (statSync(file).isFile()) this.copyFile(file, join(to, name).split(sep).join('/'));
    }
  }

  /** Copies one file in (the file itself, never a link); a file the build wrote itself wins. */
  copyFile(from: string, rel: string): void {
    const norm = join(rel).split(sep).join('/');
    if (this.staged.has(norm) || this.kept.has(norm) || existsSync(join(this.tmp, norm))) return;
    this.write(norm, readFileSync(from));
  }

  /** A file written, copied or kept so far (null: none at that path). */
  read(rel: string): Buffer | null {
    try {
      return readFileSync(this.path(rel));
    } catch {
      return null;
    }
  }

  /** Puts the new output in place of the old one. */
  commit(): void {
    if (this.kept.size === 0 || !existsSync(this.target)) this.swap();
    else this.update();
    this.record?.save();
  }

  /** The staging folder takes the place of the previous output, whole. */
  private swap(): void {
    try {
      if (existsSync(this.target)) renameSync(this.target, this.old);
      renameSync(this.tmp, this.target);
    } catch (e) {
      this.discard();
      if (!existsSync(this.target) && existsSync(this.old)) renameSync(this.old, this.target);
      throw e;
    }
    rmSync(this.old, { recursive: true, force: true });
  }

  /** The staged files move into the previous output; what this build did not make leaves it; the kept files stay. */
  private update(): void {
    const made = filesUnder(this.tmp);
    const dirs = new Set<string>();
    for (const rel of made) {
      const abs = join(this.target, rel);
      const dir = dirname(abs);
      if (!dirs.has(dir)) {
        // (A file where the folder now goes: removed first.)
        if (existsSync(dir) && !statSync(dir).isDirectory()) rmSync(dir, { force: true });
        mkdirSync(dir, { recursive: true });
        dirs.add(dir);
      }
      if (existsSync(abs) && statSync(abs).isDirectory()) rmSync(abs, { recursive: true, force: true });
      renameSync(join(this.tmp, rel), abs);
    }
    const wanted = new Set([...made, ...this.kept]);
    for (const rel of filesUnder(this.target)) if (!wanted.has(rel)) unlinkSync(join(this.target, rel));
    removeEmptyFolders(this.target);
    rmSync(this.tmp, { recursive: true, force: true });
  }

  /** Drops what was written; the previous output stays. */
  discard(): void {
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** Every file under `dir` (and links, not followed), by its path relative to it with `/`. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isDirectory()) continue;
    out.push(relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
  }
  return out;
}

/** Removes the empty folders under `dir`, deepest first. */
function removeEmptyFolders(dir: string): boolean {
  let empty = true;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory() && removeEmptyFolders(join(dir, e.name))) rmdirSync(join(dir, e.name));
    else empty = false;
  }
  return empty;
}

/** True while a process with this id runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the staging folders (and files) under `dir` (named by `pattern`, process id first) whose build is gone. */
export function removeLeftovers(dir: string, pattern: RegExp): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1] ?? NaN);
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}
