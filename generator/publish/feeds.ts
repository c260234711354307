import type { BlogPostSummary, LocaleCode } from '@vitrina-docs/schemas';
import { xmlEscape } from './xml.ts';

export interface FeedInput {
  siteUrl: string;
  locale: LocaleCode;
  title: string;
  description: string;
  blogPath: string;
  feedPath: string;
  posts: readonly BlogPostSummary[];
}

/** RSS 2.0 feed of the blog of one locale. */
export function rssFeed(f: FeedInput): string {
  const items = f.posts
    .map(
      (p) =>
        `<item><title>${xmlEscape(p.title)}</title><link>${f.siteUrl}${p.path}</link><guid isPermaLink="true">${f.siteUrl}${p.path}</guid><pubDate>${new Date(`${p.date}T09:00:00Z`).toUTCString()}</pubDate><description>${xmlEscape(p.description)}</description>${p.authors.map((a) => `<dc:creator>${xmlEscape(a)}</dc:creator>`).join('')}${p.tags.map((t) => `<category>${xmlEscape(t)}</category>`).join('')}</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${xmlEscape(f.title)}</title><link>${f.siteUrl}${f.blogPath}</link><description>${xmlEscape(f.description)}</description><language>${f.locale}</language><atom:link href="${f.siteUrl}${f.feedPath}" rel="self" type="application/rss+xml"/>
${items}
</channel></rss>
`;
}

/** Atom 1.0 feed of the blog of one locale. */
export function atomFeed(f: FeedInput): string {
  const updated = f.posts[0] ? `${f.posts[0].date}T09:00:00Z` : '2025-01-01T00:00:00Z';
  const entries = f.posts
    .map(
      (p) =>
        `<entry><title>${xmlEscape(p.title)}</title><link href="${f.siteUrl}${p.path}"/><id>${f.siteUrl}${p.path}</id><updated>${p.date}T09:00:00Z</updated><summary>${xmlEscape(p.description)}</summary>${p.authors.map((a) => `<author><name>${xmlEscape(a)}</name></author>`).join('')}${p.tags.map((t) => `<category term="${xmlEscape(t)}"/>`).join('')}</entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${f.locale}"><title>${xmlEscape(f.title)}</title><subtitle>${xmlEscape(f.description)}</subtitle><link href="${f.siteUrl}${f.blogPath}"/><link rel="self" href="${f.siteUrl}${f.feedPath}"/><id>${f.siteUrl}${f.blogPath}</id><updated>${updated}</updated>
${entries}
</feed>
`;
}
