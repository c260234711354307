import {
  BlogFrontmatterSchema,
  CategorySchema,
  DocFrontmatterSchema,
  FactsSchema,
  LOCALES,
  SIDEBARS,
  SiteConfigSchema,
  UiStringsSchema,
  type BlogFrontmatter,
  type Category,
  type DocFrontmatter,
  type Facts,
  type LocaleCode,
  type SidebarId,
  type SiteConfig,
  type UiStrings,
} from '@vitrina-docs/schemas';
import type { Diagnostics } from '../diagnostics.ts';
import { findTemplateText, quoteFragment } from '../scaffold/template-text.ts';
import { closestNames, didYouMean } from '../suggest.ts';
import { checkWithSchema, positionOf } from '../yaml-source.ts';
import { checkSynonyms } from '../search/synonyms.ts';
import { checkStaticSvgs } from './check-svg.ts';
import type { LoadedContent, SourcePage } from './load.ts';

/** A page whose file name and frontmatter passed the checks. */
export interface Page {
  src: SourcePage;
  kind: 'doc' | 'blog-post';
  locale: LocaleCode;
  key: string;
  path: string;
  fm: DocFrontmatter & Partial<BlogFrontmatter>;
  sidebar: SidebarId | null;
  version: string | null;
  /** Folder below content/docs: ['mobile', 'ic3', 'visits']. */
  folder: string[];
  isIndex: boolean;
  /**
   * False when the frontmatter failed its checks: `fm` then holds the keys that are valid
   * (and an empty title when that is not), so that the page's other checks still run. Such a
   * page is never published.
   */
  frontmatterValid: boolean;
}

/** The keys of the frontmatter that pass their own schema, for the checks of a page whose frontmatter has errors. */
function validKeys(schema: typeof DocFrontmatterSchema | typeof BlogFrontmatterSchema, data: unknown): Page['fm'] {
  const raw = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const fm: Record<string, unknown> = { title: '', description: '' };
  for (const [key, field] of Object.entries(
    schema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>,
  )) {
    if (!(key in raw)) continue;
    const r = field.safeParse(raw[key]);
    if (r.success) fm[key] = r.data;
  }
  return fm as Page['fm'];
}

export interface CheckedSite {
  site: SiteConfig | null;
  facts: Facts;
  ui: Partial<Record<LocaleCode, UiStrings>>;
  categories: Map<string, Category>;
  pages: Page[];
  /** Every route key that exists in every locale it is checked in (docs, blog, home, search …). */
  routeKeys: Set<string>;
  /** Search synonym groups per locale (content/synonyms/<locale>.yaml). */
  synonyms: Partial<Record<LocaleCode, string[][]>>;
}

/** Keys of every leaf of a nested object, dotted. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

function checkI18n(content: LoadedContent, diagnostics: Diagnostics): Partial<Record<LocaleCode, UiStrings>> {
  const ui: Partial<Record<LocaleCode, UiStrings>> = {};
  const keysByLocale = new Map<string, Set<string>>();
  for (const locale of LOCALES) {
    const src = content.i18n.get(locale);
    if (src === undefined) {
      diagnostics.error(`content/i18n/${locale}.yaml`, 1, 1, 'missing-file', `UI strings for "${locale}" are missing`);
      continue;
    }
    if (src === null) continue;
    keysByLocale.set(locale, new Set(leafKeys(src.data)));
    const parsed = checkWithSchema(src, UiStringsSchema, diagnostics, 'i18n-invalid', 'UI strings');
    if (parsed) ui[locale] = parsed;
  }
  // Keys present in one locale and not in another (reported even when the schema would also catch them).
  for (const [locale, keys] of keysByLocale) {
    for (const [other, otherKeys] of keysByLocale) {
      if (other === locale) continue;
      for (const k of keys) {
        if (!otherKeys.has(k)) {
          const src = content.i18n.get(locale)!;
          const pos = positionOf(src, k.split('.'), true);
          const near = closestNames(
            k,
            [...otherKeys].filter((o) => !keys.has(o)),
            { limit: 1 },
          )[0];
          diagnostics.error(
            src.file,
            pos.line,
            pos.column,
            'i18n-keys-mismatch',
            `UI string "${k}" is in ${locale}.yaml but not in ${other}.yaml${near ? ` (is "${near}" in ${other}.yaml meant to be it?)` : ''}`,
          );
        }
      }
    }
  }
  return ui;
}

/** Stage 2: schemas for config, UI strings, categories and frontmatter; the route inventory. */
export function checkContent(content: LoadedContent, diagnostics: Diagnostics): CheckedSite {
  const site = content.site ? checkWithSchema(content.site, SiteConfigSchema, diagnostics, 'site-config-invalid', 'site.yaml') : null;
  const facts = (content.facts ? checkWithSchema(content.facts, FactsSchema, diagnostics, 'facts-invalid', 'facts.yaml') : null) ?? {};
  const ui = checkI18n(content, diagnostics);
  checkStaticSvgs(content, diagnostics);

  const categories = new Map<string, Category>();
  for (const [folder, src] of content.categories) {
    if (!src) continue;
    const c = checkWithSchema(src, CategorySchema, diagnostics, 'category-invalid', '_category.yaml');
    if (c) categories.set(folder, c);
  }

  const versionIds = new Map<string, Set<string>>();
  for (const [sidebar, set] of Object.entries(site?.versions ?? {})) versionIds.set(sidebar, new Set(set.items.map((i) => i.id)));

  const pages: Page[] = [];
  const byPath = new Map<string, Page>();
  for (const src of content.pages) {
    const r = src.route;
    const schema = r.kind === 'blog-post' ? BlogFrontmatterSchema : DocFrontmatterSchema;
    const checkedFm = src.frontmatter
      ? (checkWithSchema(src.frontmatter, schema, diagnostics, 'frontmatter-invalid', 'frontmatter') as Page['fm'] | null)
      : null;
    const fm = checkedFm ?? validKeys(schema, src.frontmatter?.data);
    const template = typeof fm.description === 'string' ? findTemplateText(fm.description) : null;
    if (template && src.frontmatter) {
      const pos = positionOf(src.frontmatter, ['description']);
      diagnostics.error(
        src.file,
        pos.line,
        pos.column,
        'template-text',
        `the description is still the template's (${quoteFragment(template)}): say in one or two sentences what this page helps the reader do`,
      );
    }
    let sidebar: SidebarId | null = null;
    let version: string | null = null;
    if (r.kind === 'doc') {
      const top = r.key.split('/')[2] ?? '';
      if (!(SIDEBARS as readonly string[]).includes(top)) {
        diagnostics.error(
          src.file,
          1,
          1,
          'unknown-sidebar',
          `content/docs/${top}/ is not a sidebar${didYouMean(top, SIDEBARS)}: use one of ${SIDEBARS.join(', ')}`,
        );
        continue;
      }
      sidebar = top as SidebarId;
      // The version comes from the nearest _category.yaml that names one.
      for (let i = r.folder.length; i > 0; i--) {
        const c = categories.get(`docs/${r.folder.slice(0, i).join('/')}`);
        if (c?.version) {
          version = c.version;
          break;
        }
      }
      if (version && site && !versionIds.get(sidebar)?.has(version)) {
        diagnostics.error(
          src.file,
          1,
          1,
          'unknown-version',
          `version "${version}" is not declared for the ${sidebar} sidebar in site.yaml${didYouMean(version, versionIds.get(sidebar) ?? [])}`,
        );
      }
      // Every folder above a page needs its category file (its label and order in the sidebar).
      for (let i = 1; i <= r.folder.length; i++) {
        const folder = `docs/${r.folder.slice(0, i).join('/')}`;
        if (!content.categories.has(folder)) {
          diagnostics.error(
            src.file,
            1,
            1,
            'missing-category',
            `content/${folder}/_category.yaml is missing (label and position of the folder)`,
          );
          content.categories.set(folder, null);
        }
      }
    }
    const page: Page = {
      src,
      kind: r.kind,
      locale: r.locale,
      key: r.key,
      path: r.path,
      fm,
      sidebar,
      version,
      folder: r.folder,
      isIndex: r.isIndex,
      frontmatterValid: checkedFm !== null,
    };
    const dup = byPath.get(page.path);
    if (dup) {
      diagnostics.error(src.file, 1, 1, 'duplicate-route', `route ${page.path} is already made by ${dup.src.file}`);
      continue;
    }
    byPath.set(page.path, page);
    pages.push(page);
  }

  // Translations: every page in every locale (a file whose frontmatter failed still exists).
  const filesByKey = new Map<string, Map<LocaleCode, SourcePage>>();
  for (const src of content.pages) {
    const m = filesByKey.get(src.route.key) ?? new Map<LocaleCode, SourcePage>();
    m.set(src.route.locale, src);
    filesByKey.set(src.route.key, m);
  }
  for (const [, m] of filesByKey) {
    for (const locale of LOCALES) {
      if (m.has(locale) || content.refusedPages.has(`${[...m.values()][0]!.route.key}\t${locale}`)) continue;
      const other = [...m.values()][0]!;
      const expected = other.file.replace(new RegExp(`\\.${other.route.locale}\\.md$`), `.${locale}.md`);
      diagnostics.error(other.file, 1, 1, 'missing-translation', `no ${locale} translation: expected ${expected}`);
    }
  }
  const localesByKey = new Map<string, Map<LocaleCode, Page>>();
  for (const p of pages) {
    const m = localesByKey.get(p.key) ?? new Map<LocaleCode, Page>();
    m.set(p.locale, p);
    localesByKey.set(p.key, m);
  }

  // The route inventory (content/routes.tsv): every listed route exists, with the kind it says.
  if (content.inventory) {
    for (const [route, { kind, line }] of content.inventory) {
      if (!route.startsWith('/docs/')) continue;
      const m = localesByKey.get(route);
      if (!m) {
        if (filesByKey.has(route)) continue; // the page exists; its frontmatter error is reported
        diagnostics.error(
          'content/routes.tsv',
          line,
          1,
          'missing-page',
          `route ${route} has no page: add content/docs${route.slice(5)}.ru.md and .en.md`,
        );
        continue;
      }
      for (const p of m.values()) {
        const [k, v] = kind.split(':');
        // (An `api` key with an error is reported as such, not as missing.)
        const rawApi = (p.src.frontmatter?.data as { api?: unknown } | null | undefined)?.api;
        if (k === 'api-method' && !p.fm.api && rawApi === undefined) {
          diagnostics.error(
            p.src.file,
            1,
            1,
            'api-page-without-operation',
            `${route} is an API method page: add api: { operation: … } to the frontmatter`,
          );
        }
        if (v && p.version !== v) {
          diagnostics.error(
            p.src.file,
            1,
            1,
            'wrong-version',
            `${route} belongs to version ${v} but its folder gives ${p.version ?? 'none'}`,
          );
        }
      }
    }
    for (const [key, m] of localesByKey) {
      if (key.startsWith('/docs/') && !content.inventory.has(key)) {
        const p = [...m.values()][0]!;
        diagnostics.warn(p.src.file, 1, 1, 'not-in-inventory', `route ${key} is not listed in content/routes.tsv`);
      }
    }
  }

  const routeKeys = new Set<string>(['/', '/search', '/blog', '/blog/archive', ...localesByKey.keys()]);
  for (const r of site?.redirects ?? []) routeKeys.add(r.from);
  const synonyms = checkSynonyms(content.contentDir, LOCALES, diagnostics);
  return { site, facts, ui, categories, pages, routeKeys, synonyms };
}
