import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { OutputRecord } from './output-record.ts';

/**
 * The output of a build, written as it is made into a staging folder and swapped in by
 * `commit()`. Nothing is held in memory once written. A build that fails before the swap
 * calls `discard()` (or simply never commits) and leaves the previous output exactly as it was.
 *
 * The staging folders live in `.cache/staging/` of the project (ignored by git), named with the
 * process id of their build: a build that was killed leaves its folder there, and the next build
 * removes every folder whose process is gone (and the `.dist-next-*` / `.dist-old-*` folders
 * that earlier versions left beside the output). When the output is on another file system, the
 * staging folder is `.vitrina-staging/` beside it instead, so that the swap stays a rename.
 *
 * With a record file (see OutputRecord), a file whose inputs did not change since the previous
 * build into the same folder is taken from that output (`reuse`) instead of being made again.
 */
export class StagedOutput {
  private readonly target: string;
  private readonly tmp: string;
  private readonly old: string;
  private readonly dirs = new Set<string>();
  private count = 0;
  private readonly record: OutputRecord | null;

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

  /** Writes one file, by its path relative to the output folder. */
  write(rel: string, data: string | Buffer): void {
    const abs = join(this.tmp, rel);
    const dir = dirname(abs);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    writeFileSync(abs, data);
    this.count++;
  }

  /**
   * Takes the file `rel` from the previous output when it was made from inputs of this `key`
   * (a hard link where it can, else a copy) and returns true; else returns false, and the
   * caller makes the file and notes its key with `keyed`.
   */
  reuse(rel: string, key: string): boolean {
    const from = this.record?.unchanged(rel, key);
    if (!from) return false;
    const abs = join(this.tmp, rel);
    const dir = dirname(abs);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    try {
      linkSync(from, abs);
    } catch {
      copyFileSync(from, abs);
    }
    this.record!.set(rel, key);
    this.count++;
    return true;
  }

  /** Notes that the file `rel` (written by this build) is made from inputs of this `key`, for the next build to `reuse`. */
  keyed(rel: string, key: string): void {
    this.record?.set(rel, key);
  }

  /** Copies a folder in; files the build wrote itself win over copied ones. */
  copy(from: string, to: string): void {
    if (existsSync(from)) cpSync(from, join(this.tmp, to), { recursive: true, force: false });
  }

  /** Copies one file in (the file itself, never a link); a file the build wrote itself wins. */
  copyFile(from: string, rel: string): void {
    const abs = join(this.tmp, rel);
    if (existsSync(abs)) return;
    const dir = dirname(abs);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    copyFileSync(from, abs);
    this.count++;
  }

  /** A file written or copied so far (null: none at that path). */
  read(rel: string): Buffer | null {
    try {
      return readFileSync(join(this.tmp, rel));
    } catch {
      return null;
    }
  }

  /** Swaps the new output in for the old one. */
  commit(): void {
    try {
      if (existsSync(this.target)) renameSync(this.target, this.old);
      renameSync(this.tmp, this.target);
    } catch (e) {
      this.discard();
      if (!existsSync(this.target) && existsSync(this.old)) renameSync(this.old, this.target);
      throw e;
    }
    this.record?.save();
    rmSync(this.old, { recursive: true, force: true });
  }

  /** Drops what was written; the previous output stays. */
  discard(): void {
    rmSync(this.tmp, { recursive: true, force: true });
  }
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
