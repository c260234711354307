import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from 'yaml';
import { DocFrontmatterSchema, LOCALES, SIDEBARS, type LocaleCode } from '@vitrina-docs/schemas';
import { Diagnostics } from '../diagnostics.ts';
import { loadOpenApi, resolveLocalRefs } from '../openapi/load-openapi.ts';
import { localizeExamples } from '../openapi/localized-examples.ts';
import { loadContent, type LoadedContent } from '../pipeline/load.ts';
import { routeOfFile } from '../routes.ts';
import { withTranslationMark } from '../translations/mark.ts';
import { translationHash } from '../translations/source-hash.ts';
import { curlExample, responseExample } from './api-example.ts';
import { didYouMean } from '../suggest.ts';
import { addToInventory } from './inventory.ts';
import { storeMarkedSource } from '../translations/marked-sources.ts';
import { findTemplateText } from './template-text.ts';
import { PAGE_TYPES, pageTemplate, type PageType, type TemplateInput } from './templates.ts';

/** A route or option that `new` refuses (the CLI exits 2 with the message). */
export class ScaffoldError extends Error {}

export interface NewPageOptions {
  root: string;
  route: string;
  type?: PageType;
  /** Title of the ru page. */
  title?: string;
  /** Title of the en page. */
  titleEn?: string;
  /** API method pages: the operationId in content/api/<version>.yaml. */
  operation?: string;
  /** `sidebar_position` of both pages (default: after the folder's last entry). */
  position?: number;
  /**
   * Asks the writer for a title the options do not give (`vitrina-docs new` in a terminal);
   * without it, a missing title is an error. `suggested` is offered as the answer on Enter.
   */
  ask?: (locale: LocaleCode, suggested: string | undefined, check: (title: string) => string | null) => Promise<string>;
}

/** What the writer still has to write in a new page: a line per part, with the line where it starts. */
export interface FillIn {
  file: string;
  parts: { line: number; what: string }[];
}

export interface NewPageResult {
  route: string;
  type: PageType;
  /** Files written, relative to the root: the pages, then any new _category.yaml files. */
  pages: string[];
  categories: string[];
  inventoryLine: string;
  /** The template's instructions left to replace, per page. */
  fillIn: FillIn[];
  /** `sidebar_position` written into both pages (null for a folder's own page). */
  position: number | null;
}

const MONTHS: Record<LocaleCode, string[]> = {
  ru: ['январе', 'феврале', 'марте', 'апреле', 'мае', 'июне', 'июле', 'августе', 'сентябре', 'октябре', 'ноябре', 'декабре'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

function humanise(segment: string): string {
  const words = segment.replace(/[-_.]+/g, ' ').trim();
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  return text.length >= 3 ? text : `Page ${text}`;
}

function defaultType(segments: string[]): PageType {
  if (segments[0] === 'releases') return 'release-notes';
  if (segments[0] === 'business') return 'concept';
  if (segments.slice(0, 3).join('/') === 'api/backend/methods' && segments.length > 4) return 'api-method';
  return 'how-to';
}

/** Reads the checked route into its segments below /docs, or refuses it. */
function parseRoute(input: string): string[] {
  const route = input.trim().replace(/\/+$/, '');
  if (!route.startsWith('/docs/'))
    throw new ScaffoldError(`"${input}" is not a docs route: write it as /docs/<sidebar>/<path>, e.g. /docs/portal/reports`);
  const segments = route.slice('/docs/'.length).split('/');
  if (segments.at(-1) === 'index')
    throw new ScaffoldError(
      `"${input}": a route does not end in /index (the folder's own page is /docs/${segments.slice(0, -1).join('/')})`,
    );
  const parsed = routeOfFile(`docs/${segments.join('/')}.ru.md`);
  if (!parsed.ok) throw new ScaffoldError(`"${input}" is not a valid route: ${parsed.reason}`);
  if (!(SIDEBARS as readonly string[]).includes(segments[0]!))
    throw new ScaffoldError(`"${input}": /docs/${segments[0]} is not a sidebar (use one of ${SIDEBARS.join(', ')})`);
  return segments;
}

/** After the last entry of a folder in its sidebar: its pages' `sidebar_position`s and its subfolders' positions. */
function nextPosition(content: LoadedContent, folder: string[]): number {
  const key = `docs/${folder.join('/')}`;
  const positions = [0];
  for (const p of content.pages) {
    if (p.route.kind !== 'doc' || p.route.isIndex || p.route.folder.join('/') !== folder.join('/')) continue;
    const n = (p.frontmatter?.data as { sidebar_position?: unknown } | undefined)?.sidebar_position;
    if (typeof n === 'number') positions.push(n);
  }
  for (const [k, c] of content.categories) {
    if (dirname(k) !== key) continue;
    const n = (c?.data as { position?: unknown } | undefined)?.position;
    if (typeof n === 'number') positions.push(n);
  }
  return Math.floor(Math.max(...positions)) + 1;
}

/** The parts of a new page that still hold the template's instructions: the description, the lead, then each section. */
function fillInOf(file: string, text: string): FillIn {
  const parts: FillIn['parts'] = [];
  let section = 'lead paragraph';
  let inFrontmatter = false;
  text.split('\n').forEach((line, i) => {
    if (line === '---') inFrontmatter = !inFrontmatter;
    const heading = /^##+ (.*?)(?: \{#[^}]+\})?$/.exec(line);
    if (heading) section = `## ${heading[1]}`;
    const what = inFrontmatter && line.startsWith('description:') ? 'description' : inFrontmatter ? null : section;
    if (what && findTemplateText(line) && parts.at(-1)?.what !== what) parts.push({ line: i + 1, what });
  });
  return { file, parts };
}

const TITLE = DocFrontmatterSchema.shape.title;
const checkTitle = (title: string) => (TITLE.safeParse(title.trim()).success ? null : 'a title has 3–80 characters');

function categoryYaml(folder: string[], position: number): string {
  const up = '../'.repeat(folder.length + 2);
  const label = humanise(folder.at(-1)!);
  return `# yaml-language-server: $schema=${up}schemas/json/category.schema.json\nlabel:\n  ru: ${JSON.stringify(label)}\n  en: ${JSON.stringify(label)}\nposition: ${position}\n`;
}

/** The version a page in `folder` gets from the nearest _category.yaml that names one. */
function versionOf(content: LoadedContent, folder: string[]): string | null {
  for (let i = folder.length; i > 0; i--) {
    const data = content.categories.get(`docs/${folder.slice(0, i).join('/')}`)?.data as { version?: unknown } | undefined;
    if (typeof data?.version === 'string') return data.version;
  }
  return null;
}

/** The closest page above the route (its folder's page, and so on up), for the closing link. */
function nextLink(content: LoadedContent, segments: string[]): TemplateInput['next'] {
  const titles = new Map<string, Partial<Record<LocaleCode, string>>>();
  for (const p of content.pages) {
    const title = (p.frontmatter?.data as { title?: unknown } | undefined)?.title;
    if (typeof title !== 'string') continue;
    titles.set(p.route.key, { ...titles.get(p.route.key), [p.route.locale]: title });
  }
  for (let i = segments.length - 1; i > 0; i--) {
    const key = `/docs/${segments.slice(0, i).join('/')}`;
    const t = titles.get(key);
    if (t?.ru && t.en) return { path: key, label: { ru: t.ru, en: t.en } };
  }
  const sidebars = (content.site?.data as { sidebars?: { id?: unknown; landing?: unknown }[] } | undefined)?.sidebars ?? [];
  const landing = sidebars.find((s) => s.id === segments[0])?.landing;
  const t = typeof landing === 'string' ? titles.get(landing) : undefined;
  if (t?.ru && t.en) return { path: landing as string, label: { ru: t.ru, en: t.en } };
  return { path: '/', label: { ru: 'Главная', en: 'Home' } };
}

async function apiInput(
  root: string,
  content: LoadedContent,
  version: string,
  operation: string | undefined,
): Promise<NonNullable<TemplateInput['api']> & { summary: Partial<Record<LocaleCode, string>> }> {
  const file = content.openapiFiles.get(version);
  if (!file) throw new ScaffoldError(`there is no OpenAPI description for API ${version}: expected content/api/${version}.yaml`);
  const api = await loadOpenApi(root, file, version, new Diagnostics());
  if (!api) throw new ScaffoldError(`${file} is not a valid OpenAPI description: run vitrina-docs validate`);
  const used = new Map<string, string>();
  for (const p of content.pages) {
    const op = (p.frontmatter?.data as { api?: { operation?: unknown } } | undefined)?.api?.operation;
    if (typeof op === 'string' && p.route.locale === 'ru' && versionOf(content, p.route.folder) === version) used.set(op, p.route.key);
  }
  const free = [...api.operations.keys()].filter((id) => !used.has(id));
  const hint = free.length
    ? ` (operations of ${file} without a page: ${free.slice(0, 12).join(', ')}${free.length > 12 ? ', …' : ''})`
    : '';
  if (!operation) throw new ScaffoldError(`an API method page needs --operation <operationId>${hint}`);
  const op = api.operations.get(operation);
  if (!op) {
    const near = didYouMean(operation, api.operations.keys());
    throw new ScaffoldError(`operation "${operation}" is not in ${file}${near || hint}`);
  }
  const existing = used.get(operation);
  if (existing) throw new ScaffoldError(`operation "${operation}" already has a page: ${existing}`);
  const o = op.operation as Record<string, unknown>;
  const summary = {
    ru: typeof o['x-summary-ru'] === 'string' ? o['x-summary-ru'] : undefined,
    en: typeof o.summary === 'string' ? o.summary : undefined,
  };
  // The Russian page's examples are the description's Russian ones (x-example-ru and the like).
  const ru = resolveLocalRefs(localizeExamples(parse(api.text) as unknown, 'ru')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const pathItem = ru.paths[op.path]!;
  const ruOp = { ...op, pathItem, operation: pathItem[op.method] as Record<string, unknown> };
  return {
    operation,
    curl: { ru: curlExample(api, ruOp), en: curlExample(api, op) },
    response: { ru: responseExample(ruOp), en: responseExample(op) },
    summary,
  };
}

/**
 * `vitrina-docs new`: writes the ru and en files of a new docs page from its type's
 * template, the _category.yaml of any new folder, and the route's line in content/routes.tsv.
 * The en page is marked as in step with the ru page.
 */
export async function createPagePair(options: NewPageOptions): Promise<NewPageResult> {
  const { root } = options;
  const segments = parseRoute(options.route);
  const route = `/docs/${segments.join('/')}`;
  const contentDir = join(root, 'content');
  if (!existsSync(contentDir)) throw new ScaffoldError(`there is no content/ folder in ${root}`);
  const type = options.type ?? defaultType(segments);
  if (!(PAGE_TYPES as readonly string[]).includes(type))
    throw new ScaffoldError(`unknown page type "${type}": use one of ${PAGE_TYPES.join(', ')}`);

  const content = loadContent(root, new Diagnostics());
  const existing =
    content.pages.find((p) => p.route.key === route && p.route.locale === 'ru') ?? content.pages.find((p) => p.route.key === route);
  if (existing) throw new ScaffoldError(`route ${route} already exists: ${existing.file}`);
  const listed = content.inventory?.get(route);
  if (listed) throw new ScaffoldError(`route ${route} is already listed in content/routes.tsv (line ${listed.line})`);
  for (let i = 1; i < segments.length; i++) {
    const above = content.pages.find(
      (p) => p.route.key === `/docs/${segments.slice(0, i).join('/')}` && !p.route.isIndex && p.route.locale === 'ru',
    );
    if (above)
      throw new ScaffoldError(
        `${above.route.key} is a page, not a folder: move ${above.file} to ${above.file.replace(/\.(\w+)\.md$/, '/index.$1.md')} (and its translation) first`,
      );
  }

  const docsDir = join(contentDir, 'docs', ...segments);
  const asIndex = existsSync(docsDir) && statSync(docsDir).isDirectory();
  const folder = asIndex ? segments : segments.slice(0, -1);
  const version = versionOf(content, folder);
  const sidebar = segments[0]!;
  if (type === 'api-method' && (sidebar !== 'api' || !version)) {
    throw new ScaffoldError(
      `an API method page lives in a versioned API folder, e.g. /docs/api/backend/methods/v1.5/<group>/<method>; ${route} has no API version`,
    );
  }

  const api = type === 'api-method' ? await apiInput(root, content, version!, options.operation) : undefined;
  const month = /^(\d{4})-(\d{2})$/.exec(segments.at(-1)!);
  const monthName = (l: LocaleCode) => (month ? MONTHS[l][Number(month[2]) - 1] : undefined);
  // Titles: the options', else the writer's answer (with a title the page type suggests:
  // the operation's summary, the month), else the suggested one; a docs page has no default.
  const suggested = (l: LocaleCode) =>
    api?.summary[l] ??
    (type === 'release-notes' && monthName(l)
      ? l === 'ru'
        ? `Что нового в ${monthName(l)} ${month![1]}`
        : `What's new in ${monthName(l)} ${month![1]}`
      : undefined);
  const given: Record<LocaleCode, string | undefined> = { ru: options.title, en: options.titleEn };
  const title = {} as Record<LocaleCode, string>;
  for (const l of LOCALES) {
    const flag = l === 'ru' ? '--title' : '--title-en';
    let t = given[l] ?? (options.ask ? await options.ask(l, suggested(l), checkTitle) : suggested(l));
    if (t === undefined)
      throw new ScaffoldError(
        `the ${l} page needs a title: pass --title "<ru title>" --title-en "<en title>" (3–80 characters each), or run vitrina-docs new in a terminal to be asked`,
      );
    t = t.trim();
    if (checkTitle(t)) throw new ScaffoldError(`the ${l} page's title is not valid: "${t}" (pass ${flag} "<3–80 characters>")`);
    title[l] = t;
  }
  const position = asIndex ? undefined : (options.position ?? nextPosition(content, folder));
  const sources = pageTemplate(type, { title, next: nextLink(content, segments), api, position });

  for (const locale of LOCALES) {
    const fm = /^---\n([\s\S]*?)\n---\n/.exec(sources[locale])?.[1] ?? '';
    const checked = DocFrontmatterSchema.safeParse(parse(fm));
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw new ScaffoldError(
        `the ${locale} page's ${issue.path.join('.') || 'frontmatter'} is not valid: ${issue.message} (pass --title${locale === 'en' ? '-en' : ''} "<3–80 characters>")`,
      );
    }
  }

  // Write: folders' category files, then the pair (en marked as following ru), then the inventory.
  const categories: string[] = [];
  for (let i = 1; i <= folder.length; i++) {
    const key = `docs/${folder.slice(0, i).join('/')}`;
    if (content.categories.has(key)) continue;
    const siblings = [...content.categories.entries()].filter(([k]) => dirname(k) === dirname(key));
    const position = Math.max(0, ...siblings.map(([, c]) => Number((c?.data as { position?: unknown } | undefined)?.position) || 0)) + 1;
    const abs = join(contentDir, key, '_category.yaml');
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, categoryYaml(folder.slice(0, i), position));
    content.categories.set(key, null);
    categories.push(relative(root, abs));
  }
  const base = asIndex ? join(docsDir, 'index') : docsDir;
  const pages: string[] = [];
  const fillIn: FillIn[] = [];
  for (const locale of LOCALES) {
    const abs = `${base}.${locale}.md`;
    mkdirSync(dirname(abs), { recursive: true });
    const text = locale === 'ru' ? sources.ru : withTranslationMark(sources[locale], translationHash(sources.ru));
    writeFileSync(abs, text, { flag: 'wx' });
    pages.push(relative(root, abs));
    fillIn.push(fillInOf(relative(root, abs), text));
  }
  storeMarkedSource(root, sources.ru);
  const kind = type === 'api-method' ? `api-method:${version}` : version ? `doc:${version}` : 'doc';
  const inventoryLine = `${route}\t${sidebar}\t${kind}`;
  const inventoryPath = join(contentDir, 'routes.tsv');
  if (existsSync(inventoryPath)) writeFileSync(inventoryPath, addToInventory(readFileSync(inventoryPath, 'utf8'), inventoryLine));
  return { route, type, pages, categories, inventoryLine, fillIn, position: position ?? null };
}
