import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The output of a build, written as it is made into a fresh folder beside `outDir` and swapped
 * in by `commit()`. Nothing is held in memory once written. A build that fails before the swap
 * calls `discard()` (or simply never commits) and leaves the previous output exactly as it was.
 */
export class StagedOutput {
  private readonly target: string;
  private readonly tmp: string;
  private readonly old: string;
  private readonly dirs = new Set<string>();
  private count = 0;

  constructor(outDir: string) {
    this.target = resolve(outDir);
    const parent = dirname(this.target);
    const stamp = `${process.pid}-${Date.now().toString(36)}`;
    this.tmp = join(parent, `.dist-next-${stamp}`);
    this.old = join(parent, `.dist-old-${stamp}`);
    mkdirSync(this.tmp, { recursive: true });
  }

  /** Files written so far. */
  get files(): number {
    return this.count;
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
    rmSync(this.old, { recursive: true, force: true });
  }

  /** Drops what was written; the previous output stays. */
  discard(): void {
    rmSync(this.tmp, { recursive: true, force: true });
  }
}
