import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { checkOutStagedContent, gitPrefix, isPage, planStagedCheck } from './staged-content.ts';
import { closestNames } from './suggest.ts';

/** A mistake in the command line: said in one line, exit code 2. */
export class UsageError extends Error {}

/** What one `validate` run checks. */
export type ValidateTarget =
  | { kind: 'nothing' }
  | {
      kind: 'check';
      /** The project folder to check (a copy of the staged content for --staged). */
      root: string;
      /** Only these files (and the pages that link to them); undefined: everything. */
      files: string[] | undefined;
      staged: boolean;
      /** Why everything is checked, when a staged change asks for it. */
      reason?: string;
      /** Deletes what the target made (the staged copy). */
      remove: () => void;
    };

const posix = (path: string) => path.split(sep).join('/');

/** Every file under `root`/content, relative to `root`. */
function contentFiles(root: string): string[] {
  return readdirSync(join(root, 'content'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => posix(relative(root, join(e.parentPath, e.name))));
}

/** The files named on the command line, relative to the project folder; a folder stands for its pages. */
function namedFiles(root: string, cwd: string, files: string[]): string[] {
  const out: string[] = [];
  const missing: string[] = [];
  for (const file of files) {
    const abs = resolve(cwd, file);
    const rel = posix(relative(root, abs));
    if (!existsSync(abs)) missing.push(rel);
    else if (rel.startsWith('../') || rel === '..') throw new UsageError(`${file} is outside the project folder ${root}`);
    else if (statSync(abs).isDirectory()) out.push(...contentFiles(root).filter((f) => (f + '/').startsWith(`${rel}/`) && isPage(f)));
    else out.push(rel);
  }
  if (missing.length) {
    const known = contentFiles(root);
    const said = missing.map((rel) => {
      const close = rel.startsWith('../') ? [] : closestNames(rel, known, { limit: 1 });
      return `${rel}: no such file${close.length ? `; did you mean ${close[0]}?` : ''}`;
    });
    throw new UsageError(said.join('\n'));
  }
  return out;
}

/** Decides what `validate [files...] [--staged]` run in `cwd` checks in the project folder `root`. */
export function validateTarget(root: string, cwd: string, files: string[], staged: boolean): ValidateTarget {
  if (!existsSync(join(root, 'content')))
    throw new UsageError(
      `no content/ folder in ${cwd} or in a folder above it: run vitrina-docs in the documentation repository (the folder that holds content/), or name that folder with -C <folder>`,
    );
  if (staged) {
    if (files.length) throw new UsageError('--staged checks what git has staged: give either --staged or files, not both');
    if (gitPrefix(root) === null) throw new UsageError(`--staged: ${root} is not in a git repository`);
    const plan = planStagedCheck(root);
    if (plan.kind === 'nothing') return { kind: 'nothing' };
    const copy = checkOutStagedContent(root);
    return {
      kind: 'check',
      root: copy.root,
      files: plan.kind === 'pages' ? plan.pages : undefined,
      staged: true,
      reason: plan.kind === 'all' ? plan.reason : undefined,
      remove: copy.remove,
    };
  }
  const named = namedFiles(root, cwd, files);
  // A file other than a page (routes.tsv, facts, site.yaml, i18n, _category.yaml, OpenAPI, an
  // image) can break pages anywhere: it is checked with the whole site.
  const pagesOnly = named.length > 0 && named.every(isPage);
  return { kind: 'check', root, files: pagesOnly ? named : undefined, staged: false, remove: () => {} };
}
