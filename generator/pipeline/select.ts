import { withLocale } from '@vitrina-docs/schemas/paths';
import type { CheckedSite, Page } from './check.ts';
import { routeOfRelativeLink } from './relative-links.ts';

/** Inline links to a page of the site: `](/docs/a)`, `](/docs/a#x)`, `](./b.md#x)`, `](../c.en.md)`. */
const LINK = /\]\(\s*(\/[^)#\s]*|\.{0,2}\/?[^)#\s:]*\.md)(#[^)\s]*)?[)\s]/g;

/** The route keys a page links to, each with whether a link to it has an anchor (a quick scan of the source). */
function linkedKeys(page: Page): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const m of page.src.body.matchAll(LINK)) {
    const target = m[1]!;
    const key = target.startsWith('/') ? target.replace(/\/$/, '') || '/' : routeOfRelativeLink(page.src.file, target);
    if (key !== null) out.set(key, out.get(key) === true || Boolean(m[2]));
  }
  return out;
}

/**
 * For a pre-commit check of a few changed files: the pages to compile (the changed ones,
 * their translations, the pages that link to them, and the pages those link to with an
 * `#anchor`, whose heading ids the anchors need) and the files whose findings to report.
 */
export function pagesToCheck(site: CheckedSite, changed: readonly string[]): { compile: Set<string>; report: Set<string> } {
  const norm = new Set(changed.map((f) => f.replace(/^\.\//, '')));
  const changedPages = site.pages.filter((p) => norm.has(p.src.file));
  const keys = new Set(changedPages.map((p) => p.key));
  const report = new Set<string>();
  const links = new Map<Page, Map<string, boolean>>();
  for (const p of site.pages) {
    const linked = linkedKeys(p);
    links.set(p, linked);
    // The changed pages and their translations, and the pages that link to them.
    if (keys.has(p.key) || [...linked.keys()].some((k) => keys.has(k))) report.add(p.src.file);
  }
  const compile = new Set(report);
  const byPath = new Map(site.pages.map((p) => [p.path, p]));
  for (const p of site.pages) {
    if (!report.has(p.src.file)) continue;
    for (const [key, anchored] of links.get(p)!) {
      const target = anchored ? byPath.get(withLocale(key, p.locale)) : undefined;
      if (target) compile.add(target.src.file);
    }
  }
  for (const f of norm) report.add(f);
  return { compile, report };
}
