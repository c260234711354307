import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { describe, expect, inject, it } from 'vitest';
import type { CompactShard, Manifest, SearchDocsFile } from '@vitrina-docs/schemas';
import type { FlatPostings } from '@vitrina-docs/search';
import { decodeShard, loadIndex, searchShard } from '@vitrina-docs/search';
import { engineOf, loadRelevanceSet, rankedRoutes, scoreRelevance, type RelevanceCase } from '../helpers/search-eval.ts';
import { ROOT, runCli } from '../helpers/project.ts';

const dist = inject('realDist');
const manifest = (): Manifest => JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Manifest;

describe('relevance test set', () => {
  const set = loadRelevanceSet(ROOT);
  it.each(['ru', 'en'] as const)('%s: at least 40 queries, recall@5 ≥ 0.9', (locale) => {
    expect(set[locale].length).toBeGreaterThanOrEqual(40);
    const scores = scoreRelevance(engineOf(dist, locale), set[locale]);
    expect(scores.recallAt5, JSON.stringify(scores.misses.slice(0, 10), null, 1)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('Russian morphology and typing', () => {
  const ru = () => engineOf(dist, 'ru');
  it('finds the same pages for other word forms (визит, визита, визиты, визитов)', () => {
    const engine = ru();
    const top = (q: string) => new Set(rankedRoutes(engine, q).slice(0, 20));
    const base = top('визит');
    expect(base.size).toBeGreaterThan(5);
    for (const form of ['визита', 'визиты', 'визитов']) {
      const other = top(form);
      const shared = [...base].filter((r) => other.has(r)).length;
      expect(shared, form).toBeGreaterThanOrEqual(12);
    }
  });

  it('keeps English product terms in Russian pages (SKU, API, JSON)', () => {
    for (const q of ['SKU', 'API', 'JSON']) expect(rankedRoutes(ru(), q).length, q).toBeGreaterThan(3);
  });

  it('matches the last word as a prefix while typing', () => {
    expect(rankedRoutes(ru(), 'планогр').slice(0, 5)).toContain('/docs/business/kpi/planogram');
  });

  const typos = YAML.parse(readFileSync(join(ROOT, 'tests/search/typos.yaml'), 'utf8')) as { layout: RelevanceCase[]; yo: RelevanceCase[] };
  it.each([...typos.layout, ...typos.yo].map((c) => [c.query, c] as const))('finds "%s" (wrong layout or е for ё)', (_q, c) => {
    const ok = new Set([c.expect, ...(c.also ?? [])]);
    expect(
      rankedRoutes(ru(), c.query)
        .slice(0, 5)
        .some((r) => ok.has(r)),
    ).toBe(true);
  });

  it('finds English word forms (photo, photos)', () => {
    const en = engineOf(dist, 'en');
    const a = new Set(rankedRoutes(en, 'photo').slice(0, 10));
    const b = rankedRoutes(en, 'photos').slice(0, 10);
    expect(b.filter((r) => a.has(r)).length).toBeGreaterThanOrEqual(7);
  });
});

describe('shard encodings', () => {
  it('the compact shard decodes to an index that ranks exactly like the stock elasticlunr JSON', () => {
    const ref = manifest().locales.ru!.search!;
    const compact = decodeShard(JSON.parse(readFileSync(join(dist, ref.shard), 'utf8')) as CompactShard);
    const stock = loadIndex(JSON.parse(readFileSync(join(dist, ref.index), 'utf8')));
    const docs = new Map((JSON.parse(readFileSync(join(dist, ref.docs), 'utf8')) as SearchDocsFile).docs.map((d) => [d.id, d]));
    for (const q of ['визит', 'доля полки', 'api ключ', 'фотографии ценников', 'dbpbn']) {
      const a = searchShard(compact as never, docs, q, 'ru').map((h) => `${h.doc.id}:${h.score.toFixed(6)}`);
      const b = searchShard(stock, docs, q, 'ru').map((h) => `${h.doc.id}:${h.score.toFixed(6)}`);
      expect(a.length, q).toBeGreaterThan(0);
      expect(a, q).toEqual(b);
    }
  });

  it('every field of the decoded shard answers prefix expansion and postings as the stock trie does', () => {
    type Field = {
      expandToken(t: string): string[];
      getDocs(t: string): Record<string, { tf: number }>;
      getDocFreq(t: string): number;
    };
    for (const locale of ['ru', 'en'] as const) {
      const ref = manifest().locales[locale]!.search!;
      const flat = decodeShard(JSON.parse(readFileSync(join(dist, ref.shard), 'utf8')) as CompactShard).index as unknown as Record<
        string,
        Field
      >;
      const stock = loadIndex(JSON.parse(readFileSync(join(dist, ref.index), 'utf8'))).index as unknown as Record<string, Field>;
      for (const field of Object.keys(stock)) {
        const all = new Set<string>();
        for (const c of 'абвгдежзийклмнопрстуфхцчшщыэюяabcdefghijklmnopqrstuvwxyz0123456789')
          stock[field]!.expandToken(c).forEach((t) => all.add(t));
        expect(flat[field]!.expandToken('')).toEqual(stock[field]!.expandToken(''));
        expect(all.size, `${locale} ${field}`).toBeGreaterThan(50);
        const prefixes = new Set([...all].flatMap((t) => [t.slice(0, 1), t.slice(0, 2), t.slice(0, 3), t]));
        for (const prefix of prefixes) {
          const a = flat[field]!.expandToken(prefix);
          expect([...a].sort(), `${locale} ${field} ${prefix}*`).toEqual([...stock[field]!.expandToken(prefix)].sort());
        }
        for (const token of all) {
          expect(flat[field]!.getDocFreq(token), token).toBe(stock[field]!.getDocFreq(token));
          expect(flat[field]!.getDocs(token), token).toEqual(stock[field]!.getDocs(token));
        }
        expect(flat[field]!.getDocFreq('zzzzqqq')).toBe(0);
        expect(flat[field]!.getDocs('zzzzqqq')).toEqual({});
      }
    }
  });

  it('postings decoded ahead of time (idle-time warming) give the same answers as those decoded on demand', () => {
    const ref = manifest().locales.ru!.search!;
    const shard = JSON.parse(readFileSync(join(dist, ref.shard), 'utf8')) as CompactShard;
    const docs = new Map((JSON.parse(readFileSync(join(dist, ref.docs), 'utf8')) as SearchDocsFile).docs.map((d) => [d.id, d]));
    const lazy = decodeShard(shard);
    const warmed = decodeShard(shard);
    const fields = Object.values(warmed.index as unknown as Record<string, FlatPostings>);
    let budget = 100;
    expect(fields[0]!.warm(() => budget-- > 0)).toBe(false);
    for (const f of fields) while (!f.warm(() => true));
    for (const f of fields) expect(f.warm(() => false)).toBe(true);
    for (const q of ['визит', 'доля полки', 'фото', 'api ключ']) {
      const a = searchShard(warmed as never, docs, q, 'ru').map((h) => `${h.doc.id}:${h.score.toFixed(9)}`);
      expect(a, q).toEqual(searchShard(lazy as never, docs, q, 'ru').map((h) => `${h.doc.id}:${h.score.toFixed(9)}`));
    }
  });

  it('documents link to route#anchor of a section', () => {
    const hits = engineOf(dist, 'en').search('rotate api key');
    expect(hits.length).toBeGreaterThan(0);
  });
});

describe('vitrina-docs query', () => {
  it('prints the hits as JSON: url, route, anchor, title, heading, text, score', async () => {
    const r = await runCli(['query', 'начать визит', '--locale', 'ru', '--limit', '3', '--dir', dist]);
    expect(r.code, r.stderr).toBe(0);
    const hits = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(hits).toHaveLength(3);
    expect(Object.keys(hits[0]!).sort()).toEqual(['anchor', 'heading', 'route', 'score', 'text', 'title', 'url']);
    expect(String(hits[0]!.route)).toMatch(/^\/docs\/mobile\/ic[23]\/visits\/start$/);
  });

  it('filters by sidebar', async () => {
    const r = await runCli(['query', 'visit', '--locale', 'en', '--sidebar', 'api', '--dir', dist]);
    const hits = JSON.parse(r.stdout) as { route: string }[];
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(h.route).toMatch(/^\/en\/docs\/api\//);
  });
});

describe('a chatbot with stock elasticlunr (no project code)', () => {
  it('loads a shard in a separate Node process and gets section text and URLs back', async () => {
    const ref = manifest().locales.ru!.search!;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [join(ROOT, 'tests/search/chatbot-client.mjs'), join(dist, ref.index), join(dist, ref.docs), 'ru', 'как отменить визит'],
        { cwd: ROOT },
        (e, stdout, stderr) => (e ? reject(new Error(stderr)) : resolve(stdout)),
      ),
    );
    const hits = JSON.parse(out) as { url: string; text: string }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(
      hits
        .slice(0, 3)
        .map((h) => h.url)
        .join(' '),
    ).toMatch(/\/docs\/mobile\/ic[23]\/visits\/cancel/);
    expect(hits[0]!.text.length).toBeGreaterThan(40);
    const source = readFileSync(join(ROOT, 'tests/search/chatbot-client.mjs'), 'utf8');
    expect(source).not.toMatch(/from '\.\.?\//); // only packages, no project modules
  });
});
