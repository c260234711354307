/**
 * Stage 5: the search index of each locale, split so that the first search stays small whatever
 * the size of the content (as Pagefind splits its index):
 * - an entry (`search/<locale>.<hash>.entry.json`): the vocabulary, the section count, the
 *   versions, and the URLs of every other file;
 * - postings by term range (`search/<locale>/p<n>.<hash>.json`), fetched as a query needs them;
 * - sections by range (`search/<locale>/s<n>.<hash>.json`): page, anchor, heading and text of
 *   about 12 KB of sections each, one sidebar and version per file, fetched to draw the hits;
 * - the stock elasticlunr index and its documents, for chatbots that load it with elasticlunr,
 *   written straight from the postings (elasticlunr's own trie is never built).
 *
 * `searchInput` gathers what the index needs from the pipeline's pages (plain data: it can be
 * sent to a worker); `buildSearchIndex` is a pure function of it.
 */
import { createHash } from 'node:crypto';
import type {
  LocaleCode,
  SearchDoc,
  SearchDocsFile,
  SearchEntry,
  SearchPostingsChunk,
  SearchSectionGroup,
  SearchShardRef,
  SearchVersion,
  SearchWordsFile,
  SidebarId,
  SiteConfig,
  UiStrings,
} from '@vitrina-docs/schemas';
import {
  encodeNumbers,
  encodePostings,
  encodeSortedWords,
  analyse,
  PAGE_KINDS,
  FIELDS,
  pipelineNames,
  termOf,
  tokenize,
  trimToken,
  weightStep,
  type Posting,
} from '@vitrina-docs/search';
import { MARKDOWN_LIMITS } from '../markdown/limits.ts';
import type { CheckedSite } from '../pipeline/check.ts';
import type { TransformedPage } from '../pipeline/transform.ts';
import { writeStockIndex, type FieldPostings } from './stock-index.ts';

/** A postings file is cut after this many characters of postings (ASCII). */
export const CHUNK_CHARS = 12_000;
/** A section file is cut after this many bytes of text (UTF-8). */
export const GROUP_BYTES = 12_000;

export interface SearchPageInput {
  locale: LocaleCode;
  route: string;
  title: string;
  description: string;
  keywords: string[];
  breadcrumbs: string;
  sidebar: SidebarId | null;
  version: string | null;
  /** The index page of a folder: an overview that points to the pages below it. */
  overview?: boolean;
  /** An API method page whose operation reads one item by a path parameter (`GET /catalog/brands/{id}`). */
  item?: boolean;
  /** `links`: a list of links, whose text is shown but not searched (navigation, not an answer). */
  sections: { anchor: string | null; heading: string; text: string; links?: boolean }[];
}

/** Everything the search index is made of: plain data. */
export interface SearchInput {
  siteUrl: string;
  locales: LocaleCode[];
  /** Sidebars in navbar order (sections are numbered in this order, blog posts last). */
  sidebars: SidebarId[];
  versions: Record<LocaleCode, SearchVersion[]>;
  /** The writers' synonym groups (content/synonyms/<locale>.yaml). */
  synonyms: Record<LocaleCode, string[][]>;
  pages: SearchPageInput[];
}

export interface SearchShards {
  refs: Partial<Record<LocaleCode, SearchShardRef>>;
  files: Map<string, string>;
  /** Bytes of each locale's entry (what the first search fetches besides the postings and sections it asks for). */
  sizes: Record<string, number>;
}

const hash = (data: string) => createHash('sha256').update(data).digest('hex').slice(0, 10);

/** A GET of one item by a path parameter at the end of its path (`/catalog/brands/{id}`). */
function isItemOperation(op: { method: string; path: string } | undefined): boolean {
  return Boolean(op && op.method.toLowerCase() === 'get' && /\}\/?$/.test(op.path));
}

/** The pages' search data: breadcrumbs, sections, versions with their labels. */
export function searchInput(
  pages: readonly TransformedPage[],
  checked: CheckedSite,
  site: SiteConfig,
  ui: Record<LocaleCode, UiStrings>,
  apis?: ReadonlyMap<string, { operations: ReadonlyMap<string, { method: string; path: string }> }> | null,
): SearchInput {
  const locales = site.locales.map((l) => l.code);
  const versions = Object.fromEntries(
    locales.map((locale) => [
      locale,
      Object.entries(site.versions ?? {}).flatMap(([sidebar, v]) =>
        v.items.map((item) => ({ sidebar: sidebar as SidebarId, id: item.id, label: item.label[locale], current: item.id === v.current })),
      ),
    ]),
  ) as Record<LocaleCode, SearchVersion[]>;
  const out: SearchPageInput[] = [];
  for (const p of pages) {
    const label = new Map(site.sidebars.map((s) => [s.id, s.label[p.locale]]));
    const crumbs: string[] = [];
    if (p.sidebar) {
      crumbs.push(label.get(p.sidebar) ?? p.sidebar);
      for (let d = 2; d <= p.folder.length; d++) {
        const c = checked.categories.get(`docs/${p.folder.slice(0, d).join('/')}`);
        if (c) crumbs.push(c.label[p.locale]);
      }
    } else crumbs.push(ui[p.locale].blog.title);
    out.push({
      locale: p.locale,
      route: p.path,
      title: p.fm.title,
      description: p.fm.description,
      keywords: p.fm.keywords ?? [],
      breadcrumbs: crumbs.join(' › '),
      sidebar: p.sidebar,
      version: p.version,
      overview: p.kind === 'doc' && p.isIndex,
      item: isItemOperation(p.fm.api ? apis?.get(p.fm.api.version ?? p.version ?? '')?.operations.get(p.fm.api.operation) : undefined),
      sections: p.compiled.sections.map((s) => ({ anchor: s.anchor, heading: s.heading, text: s.text, links: s.links })),
    });
  }
  const synonyms = Object.fromEntries(locales.map((l) => [l, checked.synonyms[l] ?? []])) as Record<LocaleCode, string[][]>;
  return { siteUrl: site.url, locales, sidebars: site.sidebars.map((s) => s.id), versions, synonyms, pages: out };
}

/**
 * How much a keyword of the lead's title field counts towards the field's length (its norm): a
 * page's keywords add matches without diluting its title as much as words of the title would
 * ("List SKUs" with eight keywords still ranks as a short title for "sku api").
 */
export const KEYWORD_LENGTH_SHARE = 0.25;
/**
 * A term counts at most this many times in the title field: keywords that repeat the title's
 * words ("Cancelled visits", keywords "cancel visit, cancelled visit") saturate, as a term's
 * frequency does in BM25, instead of lifting the page above one that is only titled so.
 */
export const TITLE_COUNT_CAP = 2;

/**
 * The weight step of a term in the title field (title and, in the lead, keywords), for the
 * ranking's postings: TITLE_COUNT_CAP and KEYWORD_LENGTH_SHARE applied to elasticlunr's
 * √count / √length. The stock index keeps elasticlunr's own weights.
 */
export function titleWeightStep(count: number, fieldLength: number, titleWords: number): number {
  const length = Math.max(1, titleWords + Math.max(0, fieldLength - titleWords) * KEYWORD_LENGTH_SHARE);
  return weightStep(Math.min(count, TITLE_COUNT_CAP), length);
}

/** A section as indexed: its document and its fields' text. */
interface IndexedSection {
  doc: SearchDoc;
  page: SearchPageInput;
  /** A list of links ("See also"). */
  links: boolean;
  fields: Record<(typeof FIELDS)[number], string>;
  /** The words of the page title alone: the title field's length, so that keywords add matches without diluting the title. */
  titleWords: number;
}

/** The locale's sections, numbered by sidebar (navbar order), then version (site order), then page order. */
function sectionsOf(input: SearchInput, locale: LocaleCode): IndexedSection[] {
  const sidebarRank = (s: SidebarId | null) => (s === null ? input.sidebars.length : input.sidebars.indexOf(s));
  const versionRank = (v: string | null) => (v === null ? -1 : input.versions[locale].findIndex((x) => x.id === v));
  const pages = input.pages
    .filter((p) => p.locale === locale)
    .map((p, i) => ({ p, i }))
    .sort((a, b) => sidebarRank(a.p.sidebar) - sidebarRank(b.p.sidebar) || versionRank(a.p.version) - versionRank(b.p.version) || a.i - b.i)
    .map(({ p }) => p);
  const out: IndexedSection[] = [];
  for (const page of pages) {
    for (const s of page.sections) {
      const lead = s.anchor === null;
      const text = lead ? `${page.description} ${s.text}`.trim() : s.text;
      const id = String(out.length);
      out.push({
        page,
        links: Boolean(s.links),
        doc: {
          id,
          url: s.anchor ? `${page.route}#${s.anchor}` : page.route,
          route: page.route,
          anchor: s.anchor,
          title: page.title,
          heading: s.heading,
          breadcrumbs: page.breadcrumbs,
          sidebar: page.sidebar,
          version: page.version,
          text,
        },
        titleWords: analyse(page.title, locale).length,
        // A list of links ("See also") is found by its page and heading, never by the titles it links to.
        // The lead has no heading: its place in the site stands for one ("API › Backend API › Catalog").
        fields: {
          title: `${page.title} ${lead ? page.keywords.join(' ') : ''}`.trim(),
          heading: lead ? page.breadcrumbs : s.heading,
          text: s.links ? '' : text,
        },
      });
    }
  }
  return out;
}

/** Per term, how often each written form of it occurs (for "did you mean"). */
export type WrittenForms = Map<string, Map<string, number>>;

export function invert(sections: readonly IndexedSection[], locale: LocaleCode, forms?: WrittenForms): Record<string, FieldPostings> {
  const out: Record<string, FieldPostings> = {};
  for (const field of FIELDS) {
    const terms = new Map<string, [number, number][]>();
    const lengths: number[] = [];
    sections.forEach((s, n) => {
      const tokens: string[] = [];
      for (const token of tokenize(s.fields[field])) {
        // A word past the limit (a base64 blob) is left out: no reader types it, and the stock
        // index's trie would nest one level per character (validate warns about it).
        if (token.length > MARKDOWN_LIMITS.wordLength) continue;
        const term = termOf(token, locale);
        if (!term) continue;
        tokens.push(term);
        if (forms && field !== 'heading') {
          const written = trimToken(token);
          let counts = forms.get(term);
          if (!counts) forms.set(term, (counts = new Map()));
          counts.set(written, (counts.get(written) ?? 0) + 1);
        }
      }
      lengths.push(tokens.length);
      const counts = new Map<string, number>();
      for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, c] of counts) {
        let list = terms.get(t);
        if (!list) terms.set(t, (list = []));
        list.push([n, c]);
      }
    });
    out[field] = { terms, lengths };
  }
  return out;
}

/** Every search file of the site, and the manifest's references to them. */
export function buildSearchIndex(input: SearchInput): SearchShards {
  const refs: Partial<Record<LocaleCode, SearchShardRef>> = {};
  const files = new Map<string, string>();
  const sizes: Record<string, number> = {};
  for (const locale of input.locales) {
    const sections = sectionsOf(input, locale);
    const forms: WrittenForms = new Map();
    const inverted = invert(sections, locale, forms);
    const vocabulary = [...new Set(FIELDS.flatMap((f) => [...inverted[f]!.terms.keys()]))].sort();

    // Postings, cut into files by term range.
    const chunks: SearchEntry['chunks'] = [];
    let chunk: Record<string, string[]> | null = null;
    let chunkChars = 0;
    let chunkFirst = 0;
    const closeChunk = () => {
      if (!chunk) return;
      const body: SearchPostingsChunk = Object.fromEntries(FIELDS.map((f) => [f, chunk![f]!.join(' ')]));
      const json = JSON.stringify(body);
      const path = `search/${locale}/p${chunks.length}.${hash(json)}.json`;
      files.set(path, json);
      chunks.push({ first: chunkFirst, url: `/${path}` });
      chunk = null;
    };
    vocabulary.forEach((term, i) => {
      if (!chunk) {
        chunk = Object.fromEntries(FIELDS.map((f) => [f, []]));
        chunkChars = 0;
        chunkFirst = i;
      }
      for (const f of FIELDS) {
        const { terms, lengths } = inverted[f]!;
        const postings: Posting[] = (terms.get(term) ?? []).map(([n, count]) => [
          n,
          f === 'title' ? titleWeightStep(count, lengths[n]!, sections[n]!.titleWords) : weightStep(count, lengths[n]!),
        ]);
        const encoded = encodePostings(postings);
        chunk[f]!.push(encoded);
        chunkChars += encoded.length + 1;
      }
      if (chunkChars >= CHUNK_CHARS) closeChunk();
    });
    closeChunk();

    // Sections with their text, cut into files by section range within one sidebar and version.
    const groups: SearchEntry['groups'] = [];
    let group: SearchSectionGroup | null = null;
    let groupChars = 0;
    let groupKey = '';
    let pageIndex = new Map<string, number>();
    const closeGroup = () => {
      if (!group) return;
      const json = JSON.stringify(group);
      const path = `search/${locale}/s${groups.length}.${hash(json)}.json`;
      files.set(path, json);
      groups[groups.length - 1]!.url = `/${path}`;
      group = null;
    };
    sections.forEach((s, n) => {
      const key = `${s.doc.sidebar}\u0000${s.doc.version}`;
      if (group && (groupChars >= GROUP_BYTES || key !== groupKey)) closeGroup();
      if (!group) {
        group = { pages: [], sections: [] };
        groupChars = 0;
        groupKey = key;
        pageIndex = new Map();
        groups.push({ first: n, sidebar: s.doc.sidebar, version: s.doc.version, url: '' });
      }
      let p = pageIndex.get(s.doc.route);
      if (p === undefined) {
        p = group.pages.length;
        pageIndex.set(s.doc.route, p);
        group.pages.push([s.doc.route, s.doc.title, s.doc.breadcrumbs]);
        groupChars += Buffer.byteLength(s.doc.route + s.doc.title + s.doc.breadcrumbs);
      }
      group.sections.push([p, s.doc.anchor ?? '', s.doc.heading, s.doc.text]);
      groupChars += Buffer.byteLength((s.doc.anchor ?? '') + s.doc.heading + s.doc.text) + 12;
    });
    closeGroup();

    // The stock elasticlunr index and its documents.
    const stockJson = writeStockIndex(inverted, sections.length, pipelineNames(locale));
    const docsFile: SearchDocsFile = { locale, docs: sections.map((s) => s.doc) };
    const docsJson = JSON.stringify(docsFile);
    const stock = { index: `/search/${locale}.${hash(stockJson)}.elasticlunr.json`, docs: `/search/${locale}.${hash(docsJson)}.docs.json` };
    files.set(stock.index.slice(1), stockJson);
    files.set(stock.docs.slice(1), docsJson);

    // The forms each term is most often written in (up to 3), the most frequent first: for "did you mean" (fetched only then).
    const written: [string, number][] = [];
    for (const counts of forms.values()) written.push(...[...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3));
    const wordsFile: SearchWordsFile = {
      words: written.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w),
    };
    const wordsJson = JSON.stringify(wordsFile);
    const wordsPath = `search/${locale}/words.${hash(wordsJson)}.json`;
    files.set(wordsPath, wordsJson);

    // Each page's sections and kind, and the sections that are lists of links: what ranking weighs by page.
    const perPage: number[] = [];
    const links: number[] = [];
    let lastLink = 0;
    sections.forEach((s, n) => {
      if (n === 0 || sections[n - 1]!.page !== s.page)
        perPage.push(0, s.page.overview ? PAGE_KINDS.overview : s.page.item ? PAGE_KINDS.item : PAGE_KINDS.guide);
      perPage[perPage.length - 2]!++;
      if (s.links) {
        links.push(n - lastLink);
        lastLink = n;
      }
    });

    const entry: SearchEntry = {
      format: 'vitrina-search/3',
      locale,
      siteUrl: input.siteUrl.replace(/\/+$/, ''),
      pipeline: pipelineNames(locale),
      fields: [...FIELDS],
      sections: sections.length,
      vocabulary: encodeSortedWords(vocabulary),
      chunks,
      groups,
      versions: input.versions[locale],
      pages: encodeNumbers(perPage),
      links: encodeNumbers(links),
      synonyms: input.synonyms[locale] ?? [],
      words: `/${wordsPath}`,
      stock,
    };
    const entryJson = JSON.stringify(entry);
    const entryPath = `search/${locale}.${hash(entryJson)}.entry.json`;
    files.set(entryPath, entryJson);
    sizes[entryPath] = entryJson.length;
    refs[locale] = { locale, entry: `/${entryPath}`, index: stock.index, docs: stock.docs, documents: sections.length };
  }
  return { refs, files, sizes };
}

/** The search files of a built site (the pipeline's entry point). */
export function buildSearchShards(
  pages: readonly TransformedPage[],
  checked: CheckedSite,
  site: SiteConfig,
  ui: Record<LocaleCode, UiStrings>,
): SearchShards {
  return buildSearchIndex(searchInput(pages, checked, site, ui));
}
