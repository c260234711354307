import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import type { LocaleCode, Manifest } from '@vitrina-docs/schemas';
import { loadEngine, type Engine } from '@vitrina-docs/search';

export interface RelevanceCase {
  query: string;
  expect: string;
  also?: string[];
}

/** Reads a site path of a built site (what the browser would fetch). */
export const readFrom = (dist: string) => async (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8')) as unknown;

/** The search engine the site uses, over a built locale's index, with every file loaded (queries answer synchronously). */
export async function engineOf(dist: string, locale: LocaleCode): Promise<Engine> {
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Manifest;
  const engine = await loadEngine(manifest.locales[locale]!.search!.entry, readFrom(dist));
  await engine.index.loadPostings(engine.index.vocabulary.keys());
  await engine.index.loadSections(Array.from({ length: engine.index.sectionCount }, (_, i) => i));
  return engine;
}

/** Routes of the hits, without locale prefix, duplicates removed (several sections of a page). */
export function rankedRoutes(engine: Engine, query: string): string[] {
  const seen = new Set<string>();
  for (const hit of engine.peek(query, {}, Infinity)!.hits) seen.add(hit.doc.route.replace(/^\/en(?=\/|$)/, '') || '/');
  return [...seen];
}

export interface RelevanceScores {
  queries: number;
  mrr: number;
  recallAt1: number;
  recallAt5: number;
  misses: { query: string; expect: string; got: string[] }[];
}

/** MRR and recall@1/@5 of a test set: a hit is the expected route or one of the acceptable ones. */
export function scoreRelevance(engine: Engine, cases: readonly RelevanceCase[]): RelevanceScores {
  let rr = 0;
  let at1 = 0;
  let at5 = 0;
  const misses: RelevanceScores['misses'] = [];
  for (const c of cases) {
    const ok = new Set([c.expect, ...(c.also ?? [])]);
    const routes = rankedRoutes(engine, c.query);
    const rank = routes.findIndex((r) => ok.has(r));
    if (rank >= 0) rr += 1 / (rank + 1);
    if (rank === 0) at1++;
    if (rank >= 0 && rank < 5) at5++;
    else misses.push({ query: c.query, expect: c.expect, got: routes.slice(0, 5) });
  }
  const n = cases.length;
  return { queries: n, mrr: rr / n, recallAt1: at1 / n, recallAt5: at5 / n, misses };
}

export function loadRelevanceSet(root: string): Record<LocaleCode, RelevanceCase[]> {
  return YAML.parse(readFileSync(join(root, 'tests/search/relevance.yaml'), 'utf8')) as Record<LocaleCode, RelevanceCase[]>;
}
