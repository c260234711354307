import { withLocale } from '@vitrina-docs/schemas/paths';
import type { CheckedSite } from './check.ts';
import { routeOfRelativeLink } from './relative-links.ts';

/**
 * For a pre-commit check of a few changed files: the pages to compile (the changed ones,
 * their translations, the pages that link to them and the pages they link to, whose heading
 * ids the anchors need) and the files whose findings to report.
 */
export function pagesToCheck(site: CheckedSite, changed: readonly string[]): { compile: Set<string>; report: Set<string> } {
  const norm = new Set(changed.map((f) => f.replace(/^\.\//, '')));
  const changedPages = site.pages.filter((p) => norm.has(p.src.file));
  const keys = new Set(changedPages.map((p) => p.key));
  const report = new Set<string>();
  for (const p of site.pages) {
    if (keys.has(p.key)) report.add(p.src.file);
  }
  // Pages that mention a changed route in a link.
  for (const p of site.pages) {
    for (const k of keys) {
      if (p.src.body.includes(`](${k}`) || p.src.body.includes(`](${k}#`)) report.add(p.src.file);
    }
  }
  const compile = new Set(report);
  // Routes (`/docs/a`) and source files (`./a.md`, `../b/a.md`): their heading ids check the anchors.
  const linkRe = /\]\(((?:\/|\.{1,2}\/)[^)#\s]*)/g;
  const byPath = new Map(site.pages.map((p) => [p.path, p]));
  for (const p of site.pages) {
    if (!report.has(p.src.file)) continue;
    for (const m of p.src.body.matchAll(linkRe)) {
      const key = m[1]!.startsWith('/') ? m[1]! : routeOfRelativeLink(p.src.file, m[1]!);
      const target = key ? byPath.get(withLocale(key, p.locale)) : undefined;
      if (target) compile.add(target.src.file);
    }
  }
  for (const f of norm) report.add(f);
  return { compile, report };
}
