import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleCode, Manifest, SearchDocsFile } from '@vitrina-docs/schemas';
import { loadIndex, searchShard } from '@vitrina-docs/search';

export interface QueryHit {
  url: string;
  route: string;
  anchor: string | null;
  title: string;
  heading: string;
  text: string;
  score: number;
}

/** `vitrina-docs query`: loads a built locale's shard and returns the hits. */
export function queryBuiltSite(
  dist: string,
  text: string,
  opts: { locale: LocaleCode; limit: number; sidebar: string | null },
): QueryHit[] {
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Manifest;
  const ref = manifest.locales[opts.locale]?.search;
  if (!ref) throw new Error(`no search shard for locale ${opts.locale} in ${dist}/manifest.json`);
  // The stock elasticlunr index and the full documents: what a chatbot loads too.
  const index = loadIndex(JSON.parse(readFileSync(join(dist, ref.index), 'utf8')));
  const docs = JSON.parse(readFileSync(join(dist, ref.docs), 'utf8')) as SearchDocsFile;
  const byId = new Map(docs.docs.map((d) => [d.id, d]));
  return searchShard(index, byId, text, opts.locale, { limit: opts.limit, sidebar: opts.sidebar }).map(({ doc, score }) => ({
    url: doc.url,
    route: doc.route,
    anchor: doc.anchor,
    title: doc.title,
    heading: doc.heading,
    text: doc.text,
    score: Math.round(score * 1000) / 1000,
  }));
}
