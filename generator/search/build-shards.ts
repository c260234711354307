import elasticlunr from 'elasticlunr';
import type { LocaleCode, SearchDoc, SearchDocsFile, SearchShardRef, SiteConfig, UiStrings } from '../../schemas/index.ts';
import { applyPipeline } from '../../renderer/search/pipeline.ts';
import type { CheckedSite } from '../pipeline/check.ts';
import type { TransformedPage } from '../pipeline/transform.ts';
import { shortHash } from '../pipeline/assemble.ts';

/** Longest section text kept for snippets; the index itself holds every word. */
export const SNIPPET_SOURCE_CHARS = 600;

export interface SearchShards {
  refs: Partial<Record<LocaleCode, SearchShardRef>>;
  files: Map<string, string>;
  /** Bytes of each file, by path. */
  sizes: Record<string, number>;
}

/** Section documents of the pages of one locale: the lead and every heading of level 2–3. */
export function sectionDocs(pages: readonly TransformedPage[], checked: CheckedSite, site: SiteConfig, locale: LocaleCode, ui: UiStrings): { doc: SearchDoc; full: string; keywords: string }[] {
  const sidebarLabel = new Map(site.sidebars.map((s) => [s.id, s.label[locale]]));
  const out: { doc: SearchDoc; full: string; keywords: string }[] = [];
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
    for (const s of p.compiled.sections) {
      const lead = s.anchor === null;
      const full = lead ? `${p.fm.description} ${s.text}`.trim() : s.text;
      out.push({
        doc: {
          id: `${p.path}#${s.anchor ?? ''}`,
          url: s.anchor ? `${p.path}#${s.anchor}` : p.path,
          route: p.path,
          anchor: s.anchor,
          title: p.fm.title,
          heading: s.heading,
          breadcrumbs,
          sidebar: p.sidebar,
          text: full.length > SNIPPET_SOURCE_CHARS ? `${full.slice(0, SNIPPET_SOURCE_CHARS).replace(/\s+\S*$/, '')}…` : full,
        },
        full,
        keywords: lead ? (p.fm.keywords ?? []).join(' ') : '',
      });
    }
  }
  return out;
}

/** Stage 5: one elasticlunr shard per locale, its section documents in a separate file. */
export function buildSearchShards(pages: readonly TransformedPage[], checked: CheckedSite, site: SiteConfig, ui: Record<LocaleCode, UiStrings>): SearchShards {
  const refs: Partial<Record<LocaleCode, SearchShardRef>> = {};
  const files = new Map<string, string>();
  const sizes: Record<string, number> = {};
  for (const { code: locale } of site.locales) {
    const index = elasticlunr<Record<string, string>>();
    applyPipeline(index as unknown as elasticlunr.Index<object>, locale);
    index.setRef('id');
    for (const f of ['title', 'heading', 'text', 'breadcrumbs']) index.addField(f);
    index.saveDocument(false);
    const docs = sectionDocs(pages, checked, site, locale, ui[locale]);
    for (const { doc, full, keywords } of docs) {
      index.addDoc({ id: doc.id, title: `${doc.title} ${keywords}`.trim(), heading: doc.heading, text: full, breadcrumbs: doc.breadcrumbs });
    }
    const indexJson = JSON.stringify(index.toJSON());
    const docsFile: SearchDocsFile = { locale, docs: docs.map((d) => d.doc) };
    const docsJson = JSON.stringify(docsFile);
    const indexPath = `search/${locale}.${shortHash(indexJson)}.index.json`;
    const docsPath = `search/${locale}.${shortHash(docsJson)}.docs.json`;
    files.set(indexPath, indexJson);
    files.set(docsPath, docsJson);
    sizes[indexPath] = indexJson.length;
    sizes[docsPath] = docsJson.length;
    refs[locale] = { locale, index: `/${indexPath}`, docs: `/${docsPath}`, documents: docs.length };
  }
  return { refs, files, sizes };
}
