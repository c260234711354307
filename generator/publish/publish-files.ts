import type { ApiOperation, Facts, LocaleCode, SiteConfig } from '@vitrina-docs/schemas';
import type { AssembledSite } from '../pipeline/assemble.ts';
import type { TransformedPage } from '../pipeline/transform.ts';
import { atomFeed, rssFeed } from './feeds.ts';
import { publishedMarkdown } from './markdown-source.ts';
import { operationMarkdown } from './operation-markdown.ts';
import { xmlEscape } from './xml.ts';

/** The blog posts of a locale, newest first (from its blog chunk). */
function blogPosts(site: AssembledSite, locale: LocaleCode) {
  for (const chunk of site.chunks.values()) if (chunk.kind === 'blog' && chunk.locale === locale) return chunk.posts;
  return [];
}

/**
 * The files for crawlers, feed readers and language models: `<route>.md`, sitemap.xml with
 * hreflang pairs, robots.txt, llms.txt and llms-full.txt per locale, RSS and Atom per locale.
 */
export function publishFiles(
  site: AssembledSite,
  pages: readonly TransformedPage[],
  config: SiteConfig,
  facts: Facts,
  operations: ReadonlyMap<TransformedPage, Partial<Record<LocaleCode, ApiOperation>>> = new Map(),
): Map<string, string> {
  const files = new Map<string, string>();
  const base = config.url.replace(/\/$/, '');
  const { manifest } = site;
  const markdownOf = (p: TransformedPage) => {
    const op = operations.get(p)?.[p.locale];
    return publishedMarkdown(p.fm.title, p.fm.description, p.src.source, facts, p.locale, op && operationMarkdown(op, p.locale, base));
  };

  for (const p of pages) files.set(`${p.path.slice(1)}.md`, markdownOf(p));

  // sitemap.xml: every page route (no redirects), with its translations as alternates.
  const urls = site.routes
    .filter((r) => r.kind !== 'redirect')
    .map((r) => {
      const alts = Object.entries(r.alternates)
        .map(([l, path]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${base}${path === '/' ? '/' : path}"/>`)
        .join('');
      const def = r.alternates[manifest.defaultLocale];
      const xdef = def ? `<xhtml:link rel="alternate" hreflang="x-default" href="${base}${def}"/>` : '';
      const lastmod = r.kind === 'doc' || r.kind === 'blog-post' ? site.pageData.get(r.data)?.lastUpdated : null;
      return `<url><loc>${xmlEscape(base + r.path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}${alts}${xdef}</url>`;
    });
  files.set(
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
  );
  files.set('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`);

  for (const { code: locale } of config.locales) {
    const data = manifest.locales[locale];
    if (!data) continue;
    const prefix = data.info.pathPrefix;
    const own = pages.filter((p) => p.locale === locale && p.kind === 'doc');
    const lines: string[] = [`# ${config.name} — ${data.ui.home.title}`, '', `> ${data.ui.home.promise}. ${data.ui.home.lead}`, ''];
    const full: string[] = [];
    for (const sb of data.navbar) {
      const inSidebar = own.filter((p) => p.sidebar === sb.sidebar).sort((a, b) => a.key.localeCompare(b.key));
      if (!inSidebar.length) continue;
      lines.push(`## ${sb.label}`, '');
      for (const p of inSidebar) {
        lines.push(`- [${p.fm.title}](${base}${p.path}.md): ${p.fm.description}${p.version ? ` (${p.version})` : ''}`);
        full.push(markdownOf(p), `Source: ${base}${p.path}\n`);
      }
      lines.push('');
    }
    const otherLocales = config.locales
      .filter((l) => l.code !== locale)
      .map((l) => `- ${l.label}: ${base}${l.code === config.defaultLocale ? '' : `/${l.code}`}/llms.txt`);
    if (otherLocales.length) lines.push('## Optional', '', ...otherLocales, `- ${base}${prefix}/llms-full.txt`, '');
    files.set(`${prefix.slice(1)}${prefix ? '/' : ''}llms.txt`, lines.join('\n'));
    files.set(`${prefix.slice(1)}${prefix ? '/' : ''}llms-full.txt`, full.join('\n'));

    const feeds = data.feeds;
    if (feeds) {
      const input = {
        siteUrl: base,
        locale: locale as LocaleCode,
        title: `${config.name} — ${data.ui.blog.title}`,
        description: data.ui.blog.description,
        blogPath: `${prefix}/blog`,
        posts: blogPosts(site, locale),
      };
      files.set(feeds.rss.slice(1), rssFeed({ ...input, feedPath: feeds.rss }));
      files.set(feeds.atom.slice(1), atomFeed({ ...input, feedPath: feeds.atom }));
    }
  }
  return files;
}
