import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocaleCode, Manifest, RouteEntry } from '@vitrina-docs/schemas';
import { ROOT, runCli } from '../helpers/project.ts';
import { readBuiltSite, type BuiltSite } from '../helpers/built-site.ts';

/**
 * The files for crawlers, feed readers and language models, on a build of the real content:
 * each one parsed (XML by an XML parser, llms.txt by its format) and checked against the
 * manifest of the same build.
 */

const rendererBuilt =
  existsSync(join(ROOT, '.cache/renderer/server/server.js')) && existsSync(join(ROOT, '.cache/renderer/client/.vite/manifest.json'));

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'xhtml:link', 'item', 'entry', 'link', 'category', 'author', 'dc:creator'].includes(name),
});

function xml(path: string): Record<string, unknown> {
  const text = readFileSync(path, 'utf8');
  const valid = XMLValidator.validate(text);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parser.parse(text) as Record<string, unknown>;
}

describe('published files of a build of the real content', { timeout: 300_000 }, () => {
  let out: string;
  let manifest: Manifest;
  let site: BuiltSite;
  let base: string;
  const blogPosts = (locale: LocaleCode) => {
    const chunk = [...site.chunks.values()].find((c) => c.kind === 'blog' && c.locale === locale);
    return chunk?.kind === 'blog' ? chunk.posts : [];
  };
  const file = (path: string) => join(out, path.replace(/^\//, ''));
  const pages = () =>
    site.routes.filter((r): r is Extract<RouteEntry, { kind: 'doc' | 'blog-post' }> => r.kind === 'doc' || r.kind === 'blog-post');

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'vd-publish-'));
    const r = await runCli(['build', '--out', out, ...(rendererBuilt ? [] : ['--no-prerender'])]);
    if (r.code !== 0) throw new Error(`build failed:\n${r.stderr.slice(0, 4000)}`);
    site = readBuiltSite(out);
    manifest = site.manifest;
    base = manifest.site.url.replace(/\/$/, '');
  }, 600_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('sitemap.xml lists every page route of both locales once, with reciprocal hreflang alternates', () => {
    const doc = xml(file('sitemap.xml')) as {
      urlset: {
        '@xmlns': string;
        url: { loc: string; lastmod?: string; 'xhtml:link': { '@rel': string; '@hreflang': string; '@href': string }[] }[];
      };
    };
    expect(doc.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = doc.urlset.url;
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    const expected = site.routes.filter((r) => r.kind !== 'redirect').map((r) => base + r.path);
    expect([...locs].sort()).toEqual([...expected].sort());
    const byLoc = new Map(urls.map((u) => [u.loc, u]));
    for (const u of urls) {
      expect(u.loc.startsWith(`${base}/`)).toBe(true);
      if (u.lastmod !== undefined) expect(String(u.lastmod)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const langs = u['xhtml:link'].map((l) => l['@hreflang']);
      expect(langs.sort()).toEqual(['en', 'ru', 'x-default']);
      for (const link of u['xhtml:link']) {
        expect(link['@rel']).toBe('alternate');
        // Every alternate is itself in the sitemap and points back.
        const other = byLoc.get(link['@href']);
        expect(other, link['@href']).toBeDefined();
        expect(other!['xhtml:link'].map((l) => l['@href'])).toContain(u.loc);
      }
      expect(u['xhtml:link'].find((l) => l['@hreflang'] === 'x-default')!['@href']).toBe(
        u['xhtml:link'].find((l) => l['@hreflang'] === 'ru')!['@href'],
      );
    }
  });

  it('robots.txt allows crawling and points at the sitemap', () => {
    const robots = readFileSync(file('robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(existsSync(file('sitemap.xml'))).toBe(true);
  });

  it.each(['ru', 'en'] as const)('the %s blog has an RSS 2.0 feed with every post', (locale) => {
    const feeds = manifest.locales[locale]!.feeds!;
    const posts = blogPosts(locale);
    expect(posts.length).toBeGreaterThan(0);
    const rss = xml(file(feeds.rss)) as {
      rss: { '@version': string; channel: Record<string, unknown> & { item: Record<string, unknown>[] } };
    };
    expect(rss.rss['@version']).toBe('2.0');
    const channel = rss.rss.channel;
    expect(channel.title).toBeTruthy();
    expect(channel.description).toBeTruthy();
    expect(channel.language).toBe(locale);
    expect((channel.link as string[])[0]).toBe(`${base}${manifest.locales[locale]!.info.pathPrefix}/blog`);
    expect((channel['atom:link'] as { '@href': string; '@rel': string })['@href']).toBe(base + feeds.rss);
    expect(channel.item).toHaveLength(posts.length);
    const routes = new Set(
      pages()
        .filter((r) => r.locale === locale && r.kind === 'blog-post')
        .map((r) => base + r.path),
    );
    let previous = Infinity;
    for (const item of channel.item) {
      const link = (item.link as string[])[0]!;
      expect(routes.has(link), link).toBe(true);
      expect((item.guid as { '#text': string })['#text']).toBe(link);
      const date = Date.parse(item.pubDate as string);
      expect(Number.isNaN(date)).toBe(false);
      expect(date).toBeLessThanOrEqual(previous); // newest first
      previous = date;
      expect(item.title).toBeTruthy();
      expect(item.description).toBeTruthy();
    }
  });

  it.each(['ru', 'en'] as const)('the %s blog has an Atom feed with every post', (locale) => {
    const feeds = manifest.locales[locale]!.feeds!;
    const atom = xml(file(feeds.atom)) as {
      feed: Record<string, unknown> & { entry: Record<string, unknown>[]; link: { '@href': string; '@rel'?: string }[] };
    };
    const feed = atom.feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed['@xml:lang']).toBe(locale);
    expect(feed.id).toBeTruthy();
    expect(feed.title).toBeTruthy();
    expect(String(feed.updated)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(feed.link.find((l) => l['@rel'] === 'self')!['@href']).toBe(base + feeds.atom);
    expect(feed.entry).toHaveLength(blogPosts(locale).length);
    const routes = new Set(
      pages()
        .filter((r) => r.locale === locale && r.kind === 'blog-post')
        .map((r) => base + r.path),
    );
    const ids = new Set<string>();
    for (const entry of feed.entry) {
      const href = (entry.link as { '@href': string }[])[0]!['@href'];
      expect(routes.has(href), href).toBe(true);
      expect(entry.id).toBe(href);
      ids.add(entry.id as string);
      expect(String(entry.updated)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(entry.title).toBeTruthy();
    }
    expect(ids.size).toBe(feed.entry.length);
  });

  it.each(['ru', 'en'] as const)('llms.txt of %s has one line per docs page, each linking its markdown', (locale: LocaleCode) => {
    const prefix = manifest.locales[locale]!.info.pathPrefix;
    const text = readFileSync(file(`${prefix}/llms.txt`), 'utf8');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.find((l) => l.startsWith('> '))).toBeTruthy();
    expect(lines.filter((l) => l.startsWith('## ')).length).toBeGreaterThan(1);
    const entries = lines.filter((l) => /^- \[/.test(l) && !l.includes('llms'));
    const linked = entries.map((l) => {
      const m = /^- \[([^\]]+)\]\(([^)]+)\): (.+)$/.exec(l);
      expect(m, l).not.toBeNull();
      return m![2]!;
    });
    const docs = pages().filter((r) => r.locale === locale && r.kind === 'doc');
    expect(new Set(linked).size).toBe(linked.length);
    expect([...linked].sort()).toEqual(docs.map((r) => `${base}${r.path}.md`).sort());
    for (const url of linked) expect(existsSync(file(url.slice(base.length))), url).toBe(true);
    // The other locale's index and this locale's full text are linked too.
    expect(text).toContain(`${base}${prefix}/llms-full.txt`);
    const full = readFileSync(file(`${prefix}/llms-full.txt`), 'utf8');
    for (const r of docs.slice(0, 40)) expect(full).toContain(`# ${r.title}\n`);
    expect(full).toContain(`Source: ${base}${docs[0]!.path}\n`);
  });

  it('every page has its markdown at <route>.md: title, description, no frontmatter or id markers', () => {
    for (const r of pages()) {
      const md = readFileSync(file(`${r.path}.md`), 'utf8');
      expect(md.startsWith(`# ${r.title}\n\n> `), r.path).toBe(true);
      expect(md, r.path).not.toMatch(/^---\n(title|description):/m);
      expect(md, r.path).not.toMatch(/^#{2,6} .*\{#[\w.-]+\}\s*$/m);
      expect(md, r.path).not.toMatch(/:fact\[/);
    }
  });

  it('the manifest names the feeds and markdown URLs that the build wrote', async () => {
    for (const locale of ['ru', 'en'] as const) {
      const feeds = manifest.locales[locale]!.feeds!;
      expect(existsSync(file(feeds.rss))).toBe(true);
      expect(existsSync(file(feeds.atom))).toBe(true);
    }
    const sample = pages().filter((_, i) => i % 25 === 0);
    for (const r of sample) {
      const data = JSON.parse(readFileSync(file(r.data), 'utf8')) as { markdownUrl: string; description: string };
      expect(existsSync(file(data.markdownUrl)), data.markdownUrl).toBe(true);
      expect(data.description.length).toBeGreaterThanOrEqual(50);
    }
  });

  it.skipIf(!rendererBuilt)('prerendered pages carry og:image: the social image of their section, or the home one', () => {
    const image = (path: string) =>
      /<meta property="og:image" content="([^"]+)">/.exec(readFileSync(file(`${path}/index.html`), 'utf8'))?.[1];
    expect(image('/docs/portal/users')).toBe(`${base}/og/ru-portal.jpg`);
    expect(image('/en/docs/api/backend/auth')).toBe(`${base}/og/en-api.jpg`);
    expect(image('/en/blog/archive')).toBe(`${base}/og/en-home.jpg`);
    for (const url of [image('/docs/portal/users'), image('/en/blog/archive')]) {
      const jpeg = readFileSync(file(url!.slice(base.length)));
      expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff'); // a JPEG, 1200×630 as the meta says
    }
    expect(readFileSync(file('/docs/portal/users/index.html'), 'utf8')).toContain(
      '<meta name="twitter:card" content="summary_large_image">',
    );
  });

  it.skipIf(!rendererBuilt)("blog pages link their locale's RSS and Atom feeds in the head", () => {
    for (const locale of ['ru', 'en'] as const) {
      const feeds = manifest.locales[locale]!.feeds!;
      const prefix = locale === 'ru' ? '' : '/en';
      for (const path of [`${prefix}/blog`, `${prefix}/blog/archive`, `${prefix}/blog/ic3-for-everyone`]) {
        const html = readFileSync(file(`${path}/index.html`), 'utf8');
        expect(html, path).toContain(`<link rel="alternate" type="application/rss+xml" title="Vitrina RSS" href="${feeds.rss}">`);
        expect(html, path).toContain(`<link rel="alternate" type="application/atom+xml" title="Vitrina Atom" href="${feeds.atom}">`);
      }
    }
    expect(readFileSync(file('/docs/portal/users/index.html'), 'utf8')).not.toContain('application/rss+xml');
  });

  it.skipIf(!rendererBuilt)('prerendered pages carry the canonical URL, hreflang alternates, description and Open Graph meta', () => {
    for (const r of pages().filter((_, i) => i % 40 === 0)) {
      const html = readFileSync(file(r.path === '/' ? 'index.html' : `${r.path}/index.html`), 'utf8');
      expect(html).toContain(`<link rel="canonical" href="${base}${r.path}">`);
      for (const [, path] of Object.entries(r.alternates)) expect(html).toContain(`href="${base}${path}"`);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
      expect(html).toMatch(/<meta name="twitter:card" content="[^"]+">/);
    }
  });
});
