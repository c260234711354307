import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Code, Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Plugin } from 'unified';
import { VFile } from 'vfile';
import type { Diagnostic, Facts, HastRoot as BodyJson, LocaleCode, TocEntry } from '@vitrina-docs/schemas';
import type { SpooledBody } from '../pipeline/body-spool.ts';
import type { CodeHighlighter } from './highlighter.ts';
import { remarkAdmonitions } from './remark-admonitions.ts';
import { remarkCodeBlocks, type CollectedCode } from './remark-code-blocks.ts';
import { remarkContentRules } from './remark-content-rules.ts';
import { remarkTemplateText } from './remark-template-text.ts';
import { remarkFacts } from './remark-facts.ts';
import { mayHoldLiteralAutolink, remarkGfmWithoutLiteralAutolinks } from './remark-gfm-without-literal-autolinks.ts';
import { remarkHeadingIds } from './remark-heading-ids.ts';
import { remarkImages } from './remark-images.ts';
import { checkSourceLimits, findTooDeep, type LimitFinding } from './limits.ts';
import { remarkMathMl } from './remark-math-ml.ts';
import { remarkLinks, type CollectedLink, type LinkOptions } from './remark-links.ts';
import { rehypeSectionText, type SectionText } from './rehype-section-text.ts';

declare module 'vfile' {
  interface DataMap {
    toc: TocEntry[];
    headingIds: string[];
    links: CollectedLink[];
    codeBlocks: CollectedCode[];
    sections: SectionText[];
    codeClasses: Record<string, string>;
  }
}

export interface CompileOptions extends LinkOptions {
  /** File name used in diagnostics (relative to the project root). */
  file?: string;
  locale?: LocaleCode;
  facts?: Facts;
  staticDir?: string;
  highlighter?: CodeHighlighter;
  tocMaxLevel?: 2 | 3;
  /** Apply the whole-page rules (lead, sections, length). Default true. */
  page?: boolean;
  /**
   * What to make: `page` (default) the body, table of contents and search sections as well as
   * the findings; `check` only what the checks read (diagnostics, heading ids, links, code
   * blocks), without building the HTML tree: the body is empty and there are no sections.
   */
  output?: 'page' | 'check';
}

export interface CompiledPage {
  /** The body as the page JSON holds it: the hast tree without positions, as JSON text ('' for `output: 'check'`, and once spooled). */
  body: string;
  /** Where a build wrote the body (pipeline/body-spool.ts), when it is not kept in `body`. */
  spooled?: SpooledBody;
  toc: TocEntry[];
  diagnostics: Diagnostic[];
  headingIds: string[];
  links: CollectedLink[];
  codeBlocks: CollectedCode[];
  sections: SectionText[];
  /** Lines of the `##` headings, for the check that compares a page with its translation. */
  h2Lines: number[];
  /** Highlighting classes the body uses → their CSS declarations. */
  codeClasses: Record<string, string>;
}

/** Code blocks were turned into figures by remarkCodeBlocks: emit them as they are. */
function codeBlockHandler(_state: unknown, node: Code): Element {
  const data = node.data as { hProperties?: Element['properties']; hChildren?: ElementContent[] } | undefined;
  return { type: 'element', tagName: 'figure', properties: data?.hProperties ?? {}, children: data?.hChildren ?? [] };
}

const BLOCK_PARENTS = new Set([
  'root',
  'ul',
  'ol',
  'table',
  'thead',
  'tbody',
  'tr',
  'aside',
  'details',
  'blockquote',
  'figure',
  'section',
  'div',
]);

/**
 * Readies a page's hast tree for its JSON: drops whitespace-only text between blocks (it carries
 * nothing and costs bytes) and unsets `position` and `data` of every node (the page JSON carries
 * neither; JSON.stringify leaves out what is undefined, and with no replacer it keeps to its fast
 * path).
 */
function prepareBody(node: HastRoot | Element, inCode = false): void {
  node.position = undefined;
  node.data = undefined;
  const name = node.type === 'root' ? 'root' : node.tagName;
  const code = inCode || name === 'pre' || name === 'code';
  if (!code && BLOCK_PARENTS.has(name))
    node.children = node.children.filter((c) => c.type !== 'text' || c.value.trim() !== '') as typeof node.children;
  for (const c of node.children) {
    if (c.type === 'element') prepareBody(c, code);
    else {
      c.position = undefined;
      c.data = undefined;
    }
  }
}

/** Blanks out a leading frontmatter block, keeping its lines so that positions stay true. */
export function blankFrontmatter(source: string): string {
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(source);
  if (!m) return source;
  return m[0].replace(/[^\n]/g, '') + source.slice(m[0].length);
}

function toDiagnostics(file: VFile, name: string): Diagnostic[] {
  return file.messages.map((m) => ({
    file: name,
    line: m.line ?? 1,
    column: m.column ?? 1,
    severity: m.fatal ? 'error' : 'warning',
    code: m.ruleId ?? 'markdown',
    message: m.reason,
  }));
}

/**
 * Markdown → page body. The build calls exactly this for every page; its output is what
 * the page JSON holds. Frontmatter, if present, is skipped (and not checked here).
 */
export async function compilePage(source: string, options: CompileOptions = {}): Promise<CompiledPage> {
  const name = options.file ?? 'page.md';
  try {
    return await compileChecked(source, name, options);
  } catch (e) {
    // A failure of the toolchain on one page is that page's error, not the end of the run.
    const place = (e as { line?: unknown; column?: unknown }) ?? {};
    return failedPage(name, {
      line: typeof place.line === 'number' ? place.line : 1,
      column: typeof place.column === 'number' ? place.column : 1,
      code: 'compile-failed',
      message: `the page could not be compiled: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`,
    });
  }
}

/** The result for a page that is not compiled: its one error, and an empty body. */
export function failedPage(file: string, finding: LimitFinding | Omit<Diagnostic, 'file' | 'severity'>): CompiledPage {
  return {
    body: '{"type":"root","children":[]}',
    toc: [],
    diagnostics: [{ file, severity: 'error', ...finding }],
    headingIds: [],
    links: [],
    codeBlocks: [],
    sections: [],
    h2Lines: [],
    codeClasses: {},
  };
}

/** The page's markdown toolchain, with GFM as `gfm` adds it. */
function markdownProcessor(gfm: Plugin<[], Root>, options: CompileOptions) {
  return unified()
    .use(remarkParse)
    .use(gfm)
    .use(remarkMath, { singleDollarTextMath: false })
    .use(remarkDirective)
    .use(remarkContentRules, { page: options.page ?? true })
    .use((options.page ?? true) ? remarkTemplateText : () => {})
    .use(remarkFacts, { facts: options.facts, locale: options.locale })
    .use(remarkAdmonitions)
    .use(remarkHeadingIds, { tocMaxLevel: options.tocMaxLevel })
    .use(remarkLinks, options)
    .use(remarkImages, { staticDir: options.staticDir, files: options.files })
    .use(remarkCodeBlocks, { highlighter: options.highlighter })
    .use(remarkMathMl);
}

async function compileChecked(source: string, name: string, options: CompileOptions): Promise<CompiledPage> {
  const text = blankFrontmatter(source);
  const tooBig = checkSourceLimits(text);
  if (tooBig) return failedPage(name, tooBig);
  const file = new VFile({ path: name, value: text });
  // Most pages hold no literal autolink: they are parsed once, without looking for them.
  let processor = markdownProcessor(remarkGfmWithoutLiteralAutolinks, options);
  let mdast = processor.parse(file);
  if (mayHoldLiteralAutolink(mdast)) {
    processor = markdownProcessor(remarkGfm, options);
    mdast = processor.parse(file);
  }
  const tooDeep = findTooDeep(mdast);
  if (tooDeep) return failedPage(name, tooDeep);
  const transformed = (await processor.run(mdast, file)) as Root;
  const h2Lines = transformed.children.filter((c) => c.type === 'heading' && c.depth === 2).map((c) => c.position?.start.line ?? 1);
  let body = '';
  if (options.output !== 'check') {
    const hastProcessor = unified()
      .use(remarkRehype, { allowDangerousHtml: false, handlers: { code: codeBlockHandler } })
      .use(rehypeSectionText);
    const hast = (await hastProcessor.run(transformed, file)) as HastRoot;
    prepareBody(hast);
    body = JSON.stringify(hast);
  }
  return {
    body,
    toc: file.data.toc ?? [],
    diagnostics: toDiagnostics(file, name),
    headingIds: file.data.headingIds ?? [],
    links: file.data.links ?? [],
    codeBlocks: file.data.codeBlocks ?? [],
    sections: file.data.sections ?? [],
    h2Lines,
    codeClasses: file.data.codeClasses ?? {},
  };
}

/**
 * Public API: compiles Markdown into `{ body, toc, diagnostics }` exactly as the build writes
 * the body of a page JSON.
 */
export async function compileMarkdown(
  source: string,
  options: CompileOptions = {},
): Promise<{ body: BodyJson; toc: TocEntry[]; diagnostics: Diagnostic[] }> {
  const { body, toc, diagnostics } = await compilePage(source, { page: false, ...options, output: 'page' });
  return { body: JSON.parse(body) as BodyJson, toc, diagnostics };
}
