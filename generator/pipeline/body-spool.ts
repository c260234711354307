import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { removeLeftovers } from './emit.ts';

/** Where a page body was written in the spool (bytes of UTF-8). */
export interface SpooledBody {
  offset: number;
  bytes: number;
}

/**
 * The page bodies of a build, written to one file as the pages are compiled and read back one at
 * a time when the page JSON is put together: the bodies are most of a site's compiled size, and
 * keeping them all in memory until then would make the build's memory grow with the content.
 * The file is `.cache/staging/bodies-<pid>-<stamp>`; a build that was killed leaves it there, and
 * the next one removes it with the other leftovers of dead builds (see StagedOutput).
 */
export class BodySpool {
  readonly path: string;
  private fd: number | null;
  private size = 0;

  constructor(stagingDir: string) {
    mkdirSync(stagingDir, { recursive: true });
    removeLeftovers(stagingDir, /^bodies-(\d+)-/);
    this.path = join(stagingDir, `bodies-${process.pid}-${Date.now().toString(36)}`);
    this.fd = openSync(this.path, 'w+');
  }

  private handle(): number {
    if (this.fd === null) throw new Error('the body spool is closed');
    return this.fd;
  }

  put(text: string): SpooledBody {
    const data = Buffer.from(text, 'utf8');
    const ref = { offset: this.size, bytes: data.length };
    let done = 0;
    while (done < data.length) done += writeSync(this.handle(), data, done, data.length - done, this.size + done);
    this.size += data.length;
    return ref;
  }

  read(ref: SpooledBody): string {
    const data = Buffer.allocUnsafe(ref.bytes);
    let done = 0;
    while (done < ref.bytes) {
      const n = readSync(this.handle(), data, done, ref.bytes - done, ref.offset + done);
      if (n === 0) throw new Error(`the body spool ends before byte ${ref.offset + ref.bytes}`);
      done += n;
    }
    return data.toString('utf8');
  }

  /** Closes and removes the file. */
  remove(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.path, { force: true });
  }
}
