/**
 * The README's install and build lines, run as a new user runs them: each marked block
 * (`<!-- install: name … -->` or `<!-- build: name … -->` above a ```bash block) line by line with
 * bash, in a given folder, with npm's cache in a fresh folder and nothing of this repository
 * in the environment but the packages' folder (`VITRINA_DOCS_PACKAGES`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './nginx.ts';

/** The lines of the README's block marked `<!-- <kind>: <name>`. */
export function readmeBlock(kind: 'install' | 'build', name: string): string[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const marker = `<!-- ${kind}: ${name} `;
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`README.md has no block marked "${marker.trim()}"`);
  const block = /-->\n```bash\n([\s\S]*?)```\n/.exec(readme.slice(at))?.[1];
  if (!block) throw new Error(`README.md: no bash block after "${marker.trim()}"`);
  return block.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
}

/** The environment of a user's shell: PATH and HOME, npm's cache in `cache`, and `extra`. */
export function userEnv(cache: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    npm_config_cache: cache,
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

/** Runs each line with bash in `cwd`; a failing line throws with its output. */
export function runLines(lines: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  for (const line of lines) {
    try {
      execFileSync('bash', ['-euo', 'pipefail', '-c', line], {
        cwd,
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 << 20,
      });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      throw new Error(`README line failed in ${cwd}: ${line}\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: error });
    }
  }
}
