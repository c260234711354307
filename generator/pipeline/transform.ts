import { LOCALES } from '@vitrina-docs/schemas';
import type { Diagnostics } from '../diagnostics.ts';
import type { CodeHighlighter } from '../markdown/highlighter.ts';
import type { CompiledPage } from '../markdown/processor.ts';
import type { CheckedSite, Page } from './check.ts';
import { compileAll, type CompileJob, type CompilePages, type WorkerSetup } from './compile-jobs.ts';
import type { LoadedContent } from './load.ts';
import { sha } from '../hash.ts';
import { apiFileUrls } from '../openapi/api-files.ts';
import type { BuildCache } from './page-cache.ts';
import type { BodySpool } from './body-spool.ts';

export interface TransformedPage extends Page {
  compiled: CompiledPage;
}

export { routeOfRelativeLink } from './relative-links.ts';

export interface TransformOptions {
  /** Highlight code blocks (the highlighter is made when pages are compiled on this thread and none is given). */
  highlight?: boolean;
  highlighter?: CodeHighlighter;
  /** `check`: only what the checks read, no page bodies (validation). */
  output?: 'page' | 'check';
  /** Where the pages are compiled (a run's Scheduler); default this thread. */
  compile?: CompilePages;
  /** Compile only these files. */
  only?: Set<string>;
  /** Compiled pages of earlier runs. */
  cache?: BuildCache;
  /** Where the bodies of freshly compiled pages are written as they come (a build's). */
  spool?: BodySpool;
}

/** A compiled page's body, wherever it is kept. */
export function bodyOf(page: CompiledPage, spool?: BodySpool | null): string {
  if (!page.spooled) return page.body;
  if (!spool) throw new Error('a spooled page body without its spool');
  return spool.read(page.spooled);
}

/** Stage 3: markdown → hast for every page (cached, in parallel); then the translation-pair checks. */
export async function transformPages(
  content: LoadedContent,
  site: CheckedSite,
  diagnostics: Diagnostics,
  options: TransformOptions = {},
): Promise<TransformedPage[]> {
  const setup: WorkerSetup = {
    facts: site.facts,
    staticDir: content.staticDir,
    publishedFiles: [...content.staticFiles, ...[...content.openapiFiles.keys()].flatMap((v) => Object.values(apiFileUrls(v)))].sort(),
    highlight: options.highlight ?? Boolean(options.highlighter),
    output: options.output ?? 'page',
  };
  const cache = options.cache ?? null;
  const context = JSON.stringify(setup);
  const pages = site.pages.filter((p) => !options.only || options.only.has(p.src.file));
  const compiled = new Array<CompiledPage | null>(pages.length).fill(null);
  const missing: { i: number; job: CompileJob; key: string }[] = [];
  pages.forEach((page, i) => {
    const job: CompileJob = { source: page.src.source, file: page.src.file, locale: page.locale, tocMaxLevel: page.fm.toc_max_level };
    const key = sha(context, job.file, job.locale, String(job.tocMaxLevel), job.source);
    const hit = cache?.page(key) ?? null;
    if (hit) compiled[i] = hit;
    else missing.push({ i, job, key });
  });
  const spool = options.spool;
  const compile = options.compile ?? compileAll;
  const fresh = await compile(
    missing.map((m) => m.job),
    setup,
    options.highlighter,
    spool ? (page) => (page.body ? { ...page, body: '', spooled: spool.put(page.body) } : page) : (page) => page,
  );
  missing.forEach((m, k) => {
    compiled[m.i] = fresh[k]!;
    cache?.setPage(m.key, fresh[k]!);
  });
  const out = pages.map((page, i) => ({ ...page, compiled: compiled[i]! }));
  for (const p of out) diagnostics.push(...p.compiled.diagnostics);
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
    for (const t of group) {
      if (t === source) continue;
      const a = source.compiled.h2Lines;
      const b = t.compiled.h2Lines;
      if (a.length !== b.length) {
        diagnostics.error(
          t.src.file,
          b[Math.min(a.length, b.length)] ?? b[b.length - 1] ?? 1,
          1,
          'translation-sections-mismatch',
          `${b.length} ## sections here, ${a.length} in ${source.src.file}: a translation has the same sections`,
        );
      }
      const ca = source.compiled.codeBlocks;
      const cb = t.compiled.codeBlocks;
      if (ca.length !== cb.length) {
        diagnostics.error(
          t.src.file,
          cb[Math.min(ca.length, cb.length)]?.line ?? cb[cb.length - 1]?.line ?? 1,
          1,
          'translation-code-mismatch',
          `${cb.length} code blocks here, ${ca.length} in ${source.src.file}`,
        );
      } else {
        ca.forEach((blockA, i) => {
          const blockB = cb[i]!;
          if (blockA.lang !== blockB.lang) {
            diagnostics.error(
              t.src.file,
              blockB.line,
              1,
              'translation-code-mismatch',
              `code block ${i + 1} is ${blockB.lang || 'without language'} here and ${blockA.lang} in ${source.src.file} (line ${blockA.line})`,
            );
          } else if (blockA.schema !== blockB.schema) {
            diagnostics.error(
              t.src.file,
              blockB.line,
              blockB.column,
              'translation-code-mismatch',
              `code block ${i + 1} shows ${blockB.schema ? `schema="${blockB.schema}"` : 'no schema'} here and ${blockA.schema ? `schema="${blockA.schema}"` : 'no schema'} in ${source.src.file} (line ${blockA.line})`,
            );
          }
        });
      }
    }
  }
}
