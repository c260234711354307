import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocaleCode, Manifest } from '@vitrina-docs/schemas';
import { loadEngine } from '@vitrina-docs/search';

export interface QueryHit {
  url: string;
  route: string;
  anchor: string | null;
  title: string;
  heading: string;
  text: string;
  score: number;
}

/** `vitrina-docs query`: loads a built locale's search index and returns the hits. */
export async function queryBuiltSite(
  dist: string,
  text: string,
  opts: { locale: LocaleCode; limit: number; sidebar: string | null },
): Promise<QueryHit[]> {
  const manifest = JSON.parse(await readFile(join(dist, 'manifest.json'), 'utf8')) as Manifest;
  const ref = manifest.locales[opts.locale]?.search;
  if (!ref) throw new Error(`no search index for locale ${opts.locale} in ${dist}/manifest.json`);
  const engine = await loadEngine(ref.entry, async (path) => JSON.parse(await readFile(join(dist, path), 'utf8')) as unknown);
  const page = await engine.load(text, { sidebar: (opts.sidebar ?? null) as never }, opts.limit);
  return page.hits.map(({ doc, score }) => ({
    url: doc.url,
    route: doc.route,
    anchor: doc.anchor,
    title: doc.title,
    heading: doc.heading,
    text: doc.text,
    score: Math.round(score * 1000) / 1000,
  }));
}
