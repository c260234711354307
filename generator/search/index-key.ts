import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchInput } from './build-shards.ts';

let code: string | null = null;

/** The folder of the package whose package.json is nearest above `from`. */
function packageDir(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Hashes the TypeScript sources of `dir` (not its tests nor declarations) into `h`; false when it has none. */
function hashSources(h: ReturnType<typeof createHash>, dir: string): boolean {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /\.(ts|js)$/.test(n) && !n.endsWith('.d.ts') && !n.includes('.test.'));
  } catch {
    return false;
  }
  for (const name of names.sort())
    h.update(name)
      .update('\0')
      .update(readFileSync(join(dir, name)));
  return names.length > 0;
}

/**
 * A hash of the code that makes the search index: the generator's search/ sources and the
 * search package's (both packages ship their TypeScript sources; where they are missing, the
 * compiled files are hashed instead).
 */
export function searchCode(): string {
  if (code) return code;
  const h = createHash('sha256');
  const generator = packageDir(dirname(fileURLToPath(import.meta.url)));
  if (!hashSources(h, join(generator, 'search'))) hashSources(h, join(generator, 'lib', 'search'));
  const search = dirname(createRequire(import.meta.url).resolve('@vitrina-docs/search/package.json'));
  if (!hashSources(h, search)) h.update(readFileSync(createRequire(import.meta.url).resolve('@vitrina-docs/search')));
  code = h.digest('hex');
  return code;
}

/** What a search index is made from, as a key: its input and the code that makes it. */
export function searchIndexKey(input: SearchInput): string {
  return createHash('sha256').update(searchCode()).update('\0').update(JSON.stringify(input)).digest('hex').slice(0, 32);
}
