import { dirname, posix } from 'node:path';
import { LOCALES } from '../../schemas/index.ts';
import type { Diagnostics } from '../diagnostics.ts';
import type { CodeHighlighter } from '../markdown/highlighter.ts';
import { compilePage, type CompiledPage } from '../markdown/processor.ts';
import { routeOfFile } from '../routes.ts';
import type { CheckedSite, Page } from './check.ts';
import type { LoadedContent } from './load.ts';

export interface TransformedPage extends Page {
  compiled: CompiledPage;
}

/** `./start.md` written in content/docs/a/b.ru.md → `/docs/a/start`. */
export function routeOfRelativeLink(fromFile: string, target: string): string | null {
  const rel = fromFile.replace(/^content\//, '');
  let joined = posix.normalize(posix.join(dirname(rel), decodeURI(target)));
  joined = joined.replace(/\.md$/, '').replace(new RegExp(`\\.(${LOCALES.join('|')})$`), '');
  const r = routeOfFile(`${joined}.${LOCALES[0]}.md`);
  return r.ok ? r.route.key : null;
}

/** Stage 3: markdown → hast for every page; then the checks that compare a page with its translation. */
export async function transformPages(
  content: LoadedContent,
  site: CheckedSite,
  diagnostics: Diagnostics,
  options: { highlighter?: CodeHighlighter; only?: Set<string> } = {},
): Promise<TransformedPage[]> {
  const publishedFiles = new Set([...content.staticFiles, ...[...content.openapiFiles.keys()].map((v) => `/api/${v}.yaml`)]);
  const out: TransformedPage[] = [];
  for (const page of site.pages) {
    if (options.only && !options.only.has(page.src.file)) continue;
    const compiled = await compilePage(page.src.source, {
      file: page.src.file,
      locale: page.locale,
      facts: site.facts,
      staticDir: content.staticDir,
      highlighter: options.highlighter,
      tocMaxLevel: page.fm.toc_max_level,
      page: true,
      hasRoute: (key) => site.routeKeys.has(key),
      routeOfRelative: routeOfRelativeLink,
      hasFile: (p) => publishedFiles.has(p),
    });
    diagnostics.push(...compiled.diagnostics);
    out.push({ ...page, compiled });
  }
  checkTranslationPairs(out, diagnostics);
  return out;
}

/** A translation has the same `##` sections and the same code blocks as its source. */
export function checkTranslationPairs(pages: readonly TransformedPage[], diagnostics: Diagnostics): void {
  const byKey = new Map<string, TransformedPage[]>();
  for (const p of pages) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
  for (const group of byKey.values()) {
    const source = group.find((p) => p.locale === LOCALES[0]);
    if (!source) continue;
    const h2 = (p: TransformedPage) => p.compiled.mdast.children.filter((c) => c.type === 'heading' && c.depth === 2);
    for (const t of group) {
      if (t === source) continue;
      const a = h2(source);
      const b = h2(t);
      if (a.length !== b.length) {
        const at = b[Math.min(a.length, b.length)] ?? b[b.length - 1];
        diagnostics.error(
          t.src.file,
          at?.position?.start.line ?? 1,
          1,
          'translation-sections-mismatch',
          `${b.length} ## sections here, ${a.length} in ${source.src.file}: a translation has the same sections`,
        );
      }
      const ca = source.compiled.codeBlocks;
      const cb = t.compiled.codeBlocks;
      if (ca.length !== cb.length) {
        diagnostics.error(t.src.file, cb[Math.min(ca.length, cb.length)]?.line ?? 1, 1, 'translation-code-mismatch', `${cb.length} code blocks here, ${ca.length} in ${source.src.file}`);
      } else {
        ca.forEach((blockA, i) => {
          const blockB = cb[i]!;
          if (blockA.lang !== blockB.lang) {
            diagnostics.error(t.src.file, blockB.line, 1, 'translation-code-mismatch', `code block ${i + 1} is ${blockB.lang || 'without language'} here and ${blockA.lang} in ${source.src.file} (line ${blockA.line})`);
          }
        });
      }
    }
  }
}
