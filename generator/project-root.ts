import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

const hasContent = (dir: string) => existsSync(join(dir, 'content')) && statSync(join(dir, 'content')).isDirectory();

/**
 * The project folder for a command run in `cwd`: the nearest of `cwd` and the folders above it
 * that holds content/ (so that `vitrina-docs validate` works from any folder of the repository,
 * as git does), or null when there is none.
 */
export function findProjectRoot(cwd: string): string | null {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (hasContent(dir)) return dir;
    if (dirname(dir) === dir) return null;
  }
}
