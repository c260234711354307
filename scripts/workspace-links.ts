/**
 * node_modules for a copy of this repository (the benchmark's snapshots, the hook tests' scratch
 * checkouts): every installed package linked from the repository's own node_modules, except the
 * workspace packages, which are linked to the copy's folders so that the copy runs its own code.
 */
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

export const WORKSPACES = ['schemas', 'search', 'renderer', 'generator'] as const;
const SCOPE = '@vitrina-docs';

export function linkNodeModules(copy: string, repo: string): void {
  const from = join(repo, 'node_modules');
  const to = join(copy, 'node_modules');
  mkdirSync(join(to, SCOPE), { recursive: true });
  for (const name of readdirSync(from)) {
    if (name !== SCOPE) symlinkSync(join(from, name), join(to, name), 'dir');
  }
  for (const pkg of WORKSPACES) symlinkSync(join(copy, pkg), join(to, SCOPE, pkg), 'dir');
}
