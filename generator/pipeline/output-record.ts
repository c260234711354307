import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A file of the output as the record knows it: the key of its inputs, and its size and time when written. */
type Entry = [key: string, size: number, mtimeMs: number];

interface RecordFile {
  /** The output folder the entries are files of. */
  dir: string;
  files: Record<string, Entry>;
}

/**
 * What the previous build wrote into its output folder, file by file: the key of each file's
 * inputs (a hash of everything the file is made from), so that the next build into the same
 * folder takes the files whose key did not change from there instead of making them again.
 *
 * The key is the hash of the file's inputs where its maker knows them (a prerendered page), else
 * of its bytes. A file is kept only when it is still the one that build wrote (same size and
 * modification time: nothing edited it since). The record is written only once a build's output
 * is in place, so a failed build leaves the record of the output that is still there.
 */
export class OutputRecord {
  private readonly previous: Record<string, Entry>;
  private readonly next: Record<string, string> = Object.create(null) as Record<string, string>;

  /** The record in `file` of the output folder `dir` (empty when it is of another folder, or unreadable). */
  constructor(
    private readonly file: string,
    private readonly dir: string,
  ) {
    let previous: Record<string, Entry> = {};
    try {
      const read = JSON.parse(readFileSync(file, 'utf8')) as RecordFile;
      if (read.dir === dir && read.files && typeof read.files === 'object') previous = read.files;
    } catch {
      // none yet, or unreadable: every file is made afresh
    }
    this.previous = previous;
  }

  /** The previous output's file `rel` when it was made from inputs of this `key` and is unchanged since; else null. */
  unchanged(rel: string, key: string): string | null {
    const entry = Object.hasOwn(this.previous, rel) ? this.previous[rel] : undefined;
    if (!entry || entry[0] !== key) return null;
    const abs = join(this.dir, rel);
    try {
      const s = statSync(abs);
      return s.isFile() && s.size === entry[1] && s.mtimeMs === entry[2] ? abs : null;
    } catch {
      return null;
    }
  }

  /** Whether this build noted a key for the file `rel` already. */
  has(rel: string): boolean {
    return rel in this.next;
  }

  /** Notes that the new output's file `rel` is made from inputs of this `key`. */
  set(rel: string, key: string): void {
    this.next[rel] = key;
  }

  /** Writes the record of the new output, now in `dir` (its files' sizes and times as they are there). */
  save(): void {
    const files: Record<string, Entry> = {};
    for (const [rel, key] of Object.entries(this.next)) {
      try {
        const s = statSync(join(this.dir, rel));
        files[rel] = [key, s.size, s.mtimeMs];
      } catch {
        // not in the output after all: not recorded
      }
    }
    const tmp = `${this.file}.${process.pid}`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(tmp, JSON.stringify({ dir: this.dir, files } satisfies RecordFile));
      renameSync(tmp, this.file);
    } catch {
      // a record that cannot be written only costs time on the next build
      rmSync(tmp, { force: true });
    }
  }
}
