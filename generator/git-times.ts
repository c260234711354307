import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Last-commit time of every file under `dir`, from one `git log` call (run beside whatever the
 * caller does meanwhile); files git does not know (new, or no repository) fall back to their
 * modification time.
 */
export async function lastUpdatedTimes(root: string, dir = 'content'): Promise<(file: string) => string | null> {
  const times = new Map<string, string>();
  const out = await new Promise<string>((resolve) =>
    execFile(
      'git',
      ['log', '--format=%x00%cI', '--name-only', '--', dir],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      // Not a git checkout (or no git): modification times only.
      (error, stdout) => resolve(error ? '' : stdout),
    ),
  );
  for (const chunk of out.split('\0')) {
    const [date, ...files] = chunk.split('\n').filter(Boolean);
    if (!date) continue;
    for (const f of files) if (!times.has(f)) times.set(f, new Date(date).toISOString());
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
