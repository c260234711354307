import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SearchIndexFiles } from './scheduler.ts';

/** The files of an output a build keeps or notes by the key of their inputs (see StagedOutput). */
interface KeyedOutput {
  reuse(rel: string, key: string): boolean;
  keyed(rel: string, key: string): void;
}

/**
 * The search index of the previous build, by the key of what it was made from (its input and
 * the code that makes it: search/index-key.ts): its references, sizes and files. The index is a
 * function of that input alone, so a build whose key did not change keeps the previous output's
 * files (when none was edited since) instead of making the index again.
 */
export class SearchIndexRecord {
  constructor(private readonly file: string) {}

  /** The index made from inputs of this `key`, its files kept from the previous output; null when it must be made. */
  kept(key: string, out: KeyedOutput): SearchIndexFiles | null {
    let known: { key: string; index: SearchIndexFiles };
    try {
      known = JSON.parse(readFileSync(this.file, 'utf8')) as typeof known;
    } catch {
      return null;
    }
    if (known.key !== key || !Array.isArray(known.index?.paths)) return null;
    return known.index.paths.every((path) => out.reuse(path, key)) ? known.index : null;
  }

  /** Notes the index made from inputs of this `key`: its files' key in the output, and the index for the next build. */
  made(key: string, index: SearchIndexFiles, out: KeyedOutput): void {
    for (const path of index.paths) out.keyed(path, key);
    const tmp = `${this.file}.${process.pid}`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(tmp, JSON.stringify({ key, index }));
      renameSync(tmp, this.file);
    } catch {
      // (unwritten, the next build makes the index again)
      rmSync(tmp, { force: true });
    }
  }
}
