import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Last-commit time of every file under `dir`, from one `git log` call;
 * files git does not know (new, or no repository) fall back to their modification time.
 */
export function lastUpdatedTimes(root: string, dir = 'content'): (file: string) => string | null {
  const times = new Map<string, string>();
  try {
    const out = execFileSync('git', ['log', '--format=%x00%cI', '--name-only', '--', dir], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    for (const chunk of out.split('\0')) {
      const [date, ...files] = chunk.split('\n').filter(Boolean);
      if (!date) continue;
      for (const f of files) if (!times.has(f)) times.set(f, new Date(date).toISOString());
    }
  } catch {
    // not a git checkout: modification times only
  }
  return (file) => {
    const t = times.get(file);
    if (t) return t;
    try {
      return new Date(statSync(join(root, file)).mtimeMs).toISOString();
    } catch {
      return null;
    }
  };
}
