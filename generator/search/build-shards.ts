import elasticlunr from 'elasticlunr';
import type {
  LocaleCode,
  SearchDoc,
  SearchDocsFile,
  SearchSectionText,
  SearchShardRef,
  SiteConfig,
  SidebarId,
  UiStrings,
} from '@vitrina-docs/schemas';
import { applyPipeline, encodeShard, type ShardSection } from '@vitrina-docs/search';
import { MARKDOWN_LIMITS } from '../markdown/limits.ts';
import type { CheckedSite } from '../pipeline/check.ts';
import type { TransformedPage } from '../pipeline/transform.ts';
import { shortHash } from '../pipeline/assemble.ts';

/**
 * Text without the words longer than the limit (a base64 blob, a pasted hash): they are left out
 * of the index. elasticlunr keeps a token as a chain of one object per character, so a long one
 * would make the index deep and large for nothing a reader types.
 */
export function indexable(text: string): string {
  return text.replace(LONG_TOKEN, ' ');
}

/** elasticlunr's tokenizer splits at white space and hyphens. */
const LONG_TOKEN = new RegExp(`[^\\s-]{${MARKDOWN_LIMITS.wordLength + 1},}`, 'g');

/** Indexed fields; the query boosts them (renderer/search/query.ts). */
export const SEARCH_FIELDS = ['title', 'heading', 'text'] as const;

export interface SearchShards {
  refs: Partial<Record<LocaleCode, SearchShardRef>>;
  files: Map<string, string>;
  /** Bytes of the files a first search fetches (shard) and of the others, by path. */
  sizes: Record<string, number>;
}

interface Section {
  doc: SearchDoc;
  page: number;
  keywords: string;
}

/** The sections of one locale's pages: the lead and every heading of level 2–3, in page order. */
export function collectSections(
  pages: readonly TransformedPage[],
  checked: CheckedSite,
  site: SiteConfig,
  locale: LocaleCode,
  ui: UiStrings,
): { sections: Section[]; pages: [string, string, string, SidebarId | null][] } {
  const sidebarLabel = new Map(site.sidebars.map((s) => [s.id, s.label[locale]]));
  const sections: Section[] = [];
  const pageRows: [string, string, string, SidebarId | null][] = [];
  for (const p of pages) {
    if (p.locale !== locale) continue;
    const crumbs: string[] = [];
    if (p.sidebar) {
      crumbs.push(sidebarLabel.get(p.sidebar) ?? p.sidebar);
      for (let d = 2; d <= p.folder.length; d++) {
        const c = checked.categories.get(`docs/${p.folder.slice(0, d).join('/')}`);
        if (c) crumbs.push(c.label[locale]);
      }
    } else crumbs.push(ui.blog.title);
    const breadcrumbs = crumbs.join(' › ');
    const pageIndex = pageRows.length;
    pageRows.push([p.path, p.fm.title, breadcrumbs, p.sidebar]);
    for (const s of p.compiled.sections) {
      const lead = s.anchor === null;
      const id = String(sections.length);
      sections.push({
        page: pageIndex,
        keywords: lead ? (p.fm.keywords ?? []).join(' ') : '',
        doc: {
          id,
          url: s.anchor ? `${p.path}#${s.anchor}` : p.path,
          route: p.path,
          anchor: s.anchor,
          title: p.fm.title,
          heading: s.heading,
          breadcrumbs,
          sidebar: p.sidebar,
          text: lead ? `${p.fm.description} ${s.text}`.trim() : s.text,
        },
      });
    }
  }
  return { sections, pages: pageRows };
}

/**
 * Stage 5: per locale, an elasticlunr index of the page sections. Written three ways:
 * the compact shard the site loads on the first search (plus a small file per section with its
 * anchor, heading and text, for drawing a hit), and the stock elasticlunr JSON with the full documents, for Node tools and chatbots.
 */
export function buildSearchShards(
  pages: readonly TransformedPage[],
  checked: CheckedSite,
  site: SiteConfig,
  ui: Record<LocaleCode, UiStrings>,
): SearchShards {
  const refs: Partial<Record<LocaleCode, SearchShardRef>> = {};
  const files = new Map<string, string>();
  const sizes: Record<string, number> = {};
  for (const { code: locale } of site.locales) {
    const { sections, pages: pageRows } = collectSections(pages, checked, site, locale, ui[locale]);
    const index = elasticlunr<Record<string, string>>();
    applyPipeline(index as unknown as elasticlunr.Index<object>, locale);
    index.setRef('id');
    for (const f of SEARCH_FIELDS) index.addField(f);
    index.saveDocument(false);
    const meta: ShardSection[] = [];
    const docInfo = (index.documentStore as unknown as { docInfo: Record<string, Record<string, number>> }).docInfo;
    for (const s of sections) {
      const d = s.doc;
      index.addDoc({
        id: d.id,
        title: indexable(`${d.title} ${s.keywords}`.trim()),
        heading: indexable(d.heading),
        text: indexable(d.text),
      });
      meta.push({ page: s.page, lengths: SEARCH_FIELDS.map((f) => docInfo[d.id]?.[f] ?? 0) });
    }
    const stockJson = JSON.stringify(index.toJSON());
    const docsFile: SearchDocsFile = { locale, docs: sections.map((s) => s.doc) };
    const docsJson = JSON.stringify(docsFile);
    const texts = sections.map((s): SearchSectionText => ({ anchor: s.doc.anchor ?? '', heading: s.doc.heading, text: s.doc.text }));
    const textBase = `/search/${locale}-${shortHash(JSON.stringify(texts))}/`;
    const shardJson = JSON.stringify(
      encodeShard(index as unknown as elasticlunr.Index<object>, { locale, pages: pageRows, textBase }, meta),
    );
    const paths = {
      shard: `search/${locale}.${shortHash(shardJson)}.shard.json`,
      index: `search/${locale}.${shortHash(stockJson)}.elasticlunr.json`,
      docs: `search/${locale}.${shortHash(docsJson)}.docs.json`,
    };
    files.set(paths.shard, shardJson);
    files.set(paths.index, stockJson);
    files.set(paths.docs, docsJson);
    texts.forEach((body, i) => files.set(`${textBase.slice(1)}${i}.json`, JSON.stringify(body)));
    sizes[paths.shard] = shardJson.length;
    refs[locale] = { locale, shard: `/${paths.shard}`, index: `/${paths.index}`, docs: `/${paths.docs}`, documents: sections.length };
  }
  return { refs, files, sizes };
}
