/**
 * loadSiteData over the real built site (its files answered by a fetch of the test's own):
 * which paths an app shows (before and after their chunks load), and the manifest's URLs,
 * resolved against the site and refused when they lead elsewhere.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Manifest } from '@vitrina-docs/schemas';
import { createHrefResolver, loadSiteData } from './site-data.ts';

const dist = inject('realDist');
const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Manifest;

/** A fetch of the built site at `site` (any other URL fails), and the URLs it was asked for. */
function siteFetch(site: string, shell: Manifest = manifest) {
  const asked: string[] = [];
  const fetchJson = async <T>(url: string): Promise<T> => {
    asked.push(url);
    if (!url.startsWith(site)) throw new Error(`fetch outside the site: ${url}`);
    const path = url.slice(site.length - 1);
    return (path === '/manifest.json' ? structuredClone(shell) : JSON.parse(readFileSync(join(dist, path), 'utf8'))) as T;
  };
  return { asked, fetchJson };
}

const PAGE = '/docs/mobile/ic3/visits/start';

describe('isDoc and createHrefResolver', () => {
  it('keep a doc page in the app before and after its chunk is loaded; other paths go to the site', async () => {
    const { fetchJson } = siteFetch('https://docs.example/');
    const site = await loadSiteData('https://docs.example', fetchJson);
    const resolveHref = createHrefResolver({ base: '/help', shows: (p) => site.isDoc(p), siteUrl: site.siteUrl });
    const paths = [PAGE, `${PAGE}#steps`, '/docs/mobile/ic2/visits/start', '/en/docs/mobile/ic3/visits/start', '/docs/api/backend/auth'];
    const before = paths.map(resolveHref);
    expect(before).toEqual(paths.map((p) => `/help${p}`));
    for (const p of paths) expect(await site.page(p), p).not.toBeNull();
    expect(paths.map(resolveHref)).toEqual(before);
    expect(resolveHref('/blog')).toBe('https://docs.example/blog');
    expect(resolveHref('/')).toBe('https://docs.example/');
    expect(resolveHref('#steps')).toBe('#steps');
  });
});

describe('the manifest’s URLs', () => {
  it('resolve against the site, under its folder', async () => {
    const { asked, fetchJson } = siteFetch('https://example.com/docs/');
    const site = await loadSiteData('https://example.com/docs', fetchJson);
    expect(await site.page(PAGE)).not.toBeNull();
    expect(asked.length).toBeGreaterThan(2);
    for (const url of asked) expect(url.startsWith('https://example.com/docs/')).toBe(true);
    for (const href of site.stylesheets) expect(href.startsWith('https://example.com/docs/')).toBe(true);
  });

  it('a stylesheet path is never read as another host', async () => {
    const shell = { ...manifest, assets: { ...manifest.assets, css: ['@evil.example/x.css', '//evil.example/y.css'] } };
    const site = await loadSiteData('https://docs.example', siteFetch('https://docs.example/', shell).fetchJson);
    expect(site.stylesheets).toEqual(['https://docs.example/@evil.example/x.css', 'https://docs.example//evil.example/y.css']);
    for (const href of site.stylesheets) expect(new URL(href).origin).toBe('https://docs.example');
  });

  it('a stylesheet on another origin is refused, with the field that names it', async () => {
    const shell = { ...manifest, assets: { ...manifest.assets, css: ['https://evil.example/x.css'] } };
    await expect(loadSiteData('https://docs.example', siteFetch('https://docs.example/', shell).fetchJson)).rejects.toThrow(
      /outside https:\/\/docs\.example\/ at assets\.css\[0\]: "https:\/\/evil\.example\/x\.css"/,
    );
  });

  it('a chunk on another origin or above the site’s folder is refused, and not fetched', async () => {
    for (const url of ['https://evil.example/c.json', '/../c.json', 'javascript:alert(1)']) {
      const shell = structuredClone(manifest);
      for (const ref of shell.locales.ru!.chunks) ref.url = url;
      const { asked, fetchJson } = siteFetch('https://example.com/docs/', shell);
      const site = await loadSiteData('https://example.com/docs', fetchJson);
      await expect(site.page(PAGE), url).rejects.toThrow(/outside https:\/\/example\.com\/docs\//);
      expect(asked).toEqual(['https://example.com/docs/manifest.json']);
    }
  });

  it('a site that does not answer rejects with the URL and the cause', async () => {
    await expect(
      loadSiteData('https://docs.example', async () => {
        throw new Error('could not fetch https://docs.example/manifest.json: Failed to fetch');
      }),
    ).rejects.toThrow('https://docs.example/manifest.json');
    await expect(loadSiteData('http://[bad', async () => ({}) as never)).rejects.toThrow(/is not a URL/);
  });
});
