import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The content as the next commit will hold it: what `validate --staged` (the pre-commit hooks)
 * checks. A hook must judge the index, not the work tree: a writer may stage a page and fix it
 * afterwards without staging the fix, and a removed page or a changed shared file (routes.tsv,
 * facts, site.yaml, i18n, _category.yaml, synonyms, OpenAPI, images) breaks pages the commit
 * does not touch.
 */

/** What a staged change asks to check. */
export type StagedPlan =
  /** Nothing under content/ is staged: nothing to check. */
  | { kind: 'nothing' }
  /** Only pages changed: these pages (their translations and the pages that link to them). */
  | { kind: 'pages'; pages: string[] }
  /** A page was removed or renamed, a shared file changed, or nothing at all is staged (`pre-commit run --all-files`): the whole site. */
  | { kind: 'all'; reason: string };

function git(cwd: string, args: string[], input?: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
}

const lines0 = (out: string) => out.split('\0').filter(Boolean);

/** The folder of `root` inside its git repository (`''` at the top, else ending in `/`), or null outside a repository. */
export function gitPrefix(root: string): string | null {
  try {
    return git(root, ['rev-parse', '--show-prefix']).trim();
  } catch {
    return null;
  }
}

/** A page of the site: markdown under content/docs or content/blog. */
export const isPage = (file: string) => /^content\/(docs|blog)\/.+\.md$/.test(file);

/** Reads the staged change of `root`'s content/ (paths relative to `root`) and decides what to check. */
export function planStagedCheck(root: string): StagedPlan {
  // (--relative: paths relative to root, and only those under it; --no-renames: a rename is a removal and an addition.)
  const diff = (filter: string) =>
    lines0(git(root, ['diff', '--cached', '--relative', '--no-renames', '--name-only', '-z', `--diff-filter=${filter}`, '--', 'content/']));
  const changed = diff('ACDMRTUXB');
  if (changed.length === 0) {
    const anything = lines0(git(root, ['diff', '--cached', '--name-only', '-z'])).length > 0;
    return anything ? { kind: 'nothing' } : { kind: 'all', reason: 'nothing is staged: the whole content as staged' };
  }
  const removed = diff('D');
  if (removed.length) return { kind: 'all', reason: `${removed[0]}${removed.length > 1 ? ` and ${removed.length - 1} more` : ''} removed` };
  const shared = changed.find((f) => !isPage(f));
  if (shared) return { kind: 'all', reason: `${shared} changed` };
  return { kind: 'pages', pages: changed };
}

/**
 * Writes the staged content/ of `root` into a new folder under `root`/.cache/staged/ and
 * returns it: a project folder to check in place of `root`. Its `.cache` leads to `root`'s, so
 * that the check reuses (and keeps) the results cached there. `remove()` deletes it.
 */
export function checkOutStagedContent(root: string): { root: string; remove: () => void } {
  const prefix = gitPrefix(root) ?? '';
  const dir = join(root, '.cache', 'staged', `${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const files = git(root, ['ls-files', '--cached', '-z', '--', 'content/']);
    // checkout-index writes each path as it is from the top of the repository, after --prefix.
    git(root, ['checkout-index', '-z', '--stdin', `--prefix=${dir}/`], files);
    const project = join(dir, prefix);
    symlinkSync(join(root, '.cache'), join(project, '.cache'));
    return { root: project, remove };
  } catch (e) {
    remove();
    throw e;
  }
}
