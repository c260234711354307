import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import YAML from 'yaml';
import { describe, expect, inject, it } from 'vitest';
import type { LocaleCode, Manifest, SearchDocsFile, SearchEntry, SearchSectionGroup } from '@vitrina-docs/schemas';
import { decodeNumbers, decodeSortedWords, FIELDS, loadEngine, weightStep } from '@vitrina-docs/search';
import { engineOf, loadRelevanceSet, rankedRoutes, readFrom, scoreRelevance, type RelevanceCase } from '../helpers/search-eval.ts';
import { ROOT, runCli } from '../helpers/project.ts';

const dist = inject('realDist');
const manifest = (): Manifest => JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Manifest;
const read = <T>(path: string): T => JSON.parse(readFileSync(join(dist, path), 'utf8')) as T;
const entryOf = (locale: LocaleCode) => read<SearchEntry>(manifest().locales[locale]!.search!.entry);

describe('relevance test set', () => {
  const set = loadRelevanceSet(ROOT);
  it.each(['ru', 'en'] as const)('%s: at least 40 queries, recall@5 ≥ 0.9', async (locale) => {
    expect(set[locale].length).toBeGreaterThanOrEqual(40);
    const scores = scoreRelevance(await engineOf(dist, locale), set[locale]);
    expect(scores.recallAt5, JSON.stringify(scores.misses.slice(0, 10), null, 1)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('Russian morphology and typing', () => {
  const ru = () => engineOf(dist, 'ru');
  it('finds the same pages for other word forms (визит, визита, визиты, визитов)', async () => {
    const engine = await ru();
    const top = (q: string) => new Set(rankedRoutes(engine, q).slice(0, 20));
    const base = top('визит');
    expect(base.size).toBeGreaterThan(5);
    for (const form of ['визита', 'визиты', 'визитов']) {
      const other = top(form);
      const shared = [...base].filter((r) => other.has(r)).length;
      expect(shared, form).toBeGreaterThanOrEqual(12);
    }
  });

  it('keeps English product terms in Russian pages (SKU, API, JSON)', async () => {
    const engine = await ru();
    for (const q of ['SKU', 'API', 'JSON']) expect(rankedRoutes(engine, q).length, q).toBeGreaterThan(3);
  });

  it('matches the last word as a prefix while typing', async () => {
    expect(rankedRoutes(await ru(), 'планогр').slice(0, 5)).toContain('/docs/business/kpi/planogram');
  });

  const typos = YAML.parse(readFileSync(join(ROOT, 'tests/search/typos.yaml'), 'utf8')) as { layout: RelevanceCase[]; yo: RelevanceCase[] };
  it.each([...typos.layout, ...typos.yo].map((c) => [c.query, c] as const))('finds "%s" (wrong layout or е for ё)', async (_q, c) => {
    const ok = new Set([c.expect, ...(c.also ?? [])]);
    expect(
      rankedRoutes(await ru(), c.query)
        .slice(0, 5)
        .some((r) => ok.has(r)),
    ).toBe(true);
  });

  it('finds English word forms (photo, photos)', async () => {
    const en = await engineOf(dist, 'en');
    const a = new Set(rankedRoutes(en, 'photo').slice(0, 10));
    const b = rankedRoutes(en, 'photos').slice(0, 10);
    expect(b.filter((r) => a.has(r)).length).toBeGreaterThanOrEqual(7);
  });
});

describe('the split index', () => {
  it('the first search fetches the entry, the postings of its words and the sections of its first hits: a handful of files', async () => {
    for (const [locale, query] of [
      ['ru', 'как начать визит'],
      ['en', 'start a visit'],
    ] as const) {
      const fetched: string[] = [];
      const engine = await loadEngine(manifest().locales[locale]!.search!.entry, (path) => {
        fetched.push(path);
        return readFrom(dist)(path);
      });
      const page = await engine.load(query, {}, 8);
      expect(page.hits).toHaveLength(8);
      expect(page.total).toBeGreaterThan(50);
      expect(page.hits[0]!.doc.route).toMatch(/\/docs\/mobile\/ic[23]\/visits\/start$/);
      expect(page.hits[0]!.snippet.length).toBeGreaterThan(40);
      // The entry, a postings file or two, a few section files; nothing like the whole index.
      expect(fetched.length, fetched.join(' ')).toBeLessThanOrEqual(12);
      const entry = entryOf(locale);
      expect(fetched.length).toBeLessThan((entry.chunks.length + entry.groups.length) / 3);
      expect(fetched.some((f) => f.includes('elasticlunr') || f.includes('.docs.'))).toBe(false);
      // Typing on in the same word needs nothing new.
      const before = fetched.length;
      expect(engine.peek(`${query}а`, {}, 8) ?? (await engine.load(`${query}а`, {}, 8))).toBeTruthy();
      expect(fetched.length - before).toBeLessThanOrEqual(2);
    }
  });

  it('files are cut by size: postings by term range, sections within one sidebar and version', () => {
    for (const locale of ['ru', 'en'] as const) {
      const entry = entryOf(locale);
      const docs = read<SearchDocsFile>(manifest().locales[locale]!.search!.docs).docs;
      expect(entry.sections).toBe(docs.length);
      expect(entry.chunks.length).toBeGreaterThan(3);
      expect(entry.groups.length).toBeGreaterThan(20);
      // Far fewer files than sections, none of them tiny on average.
      expect(entry.groups.length).toBeLessThan(docs.length / 8);
      entry.groups.forEach((g, i) => {
        const body = read<SearchSectionGroup>(g.url);
        const end = entry.groups[i + 1]?.first ?? entry.sections;
        expect(body.sections).toHaveLength(end - g.first);
        body.sections.forEach(([page, anchor, heading, text], k) => {
          const doc = docs[g.first + k]!;
          expect([body.pages[page]![0], anchor || null, heading, text]).toEqual([doc.route, doc.anchor, doc.heading, doc.text]);
          expect([g.sidebar, g.version]).toEqual([doc.sidebar, doc.version]);
        });
      });
      // The entry holds no text: it stays small as the content grows.
      expect(gzipSync(JSON.stringify(entry)).length).toBeLessThan(30_000);
    }
  });

  it('the postings files hold exactly the stock index’s postings, with their weights', () => {
    for (const locale of ['ru', 'en'] as const) {
      const ref = manifest().locales[locale]!.search!;
      const entry = entryOf(locale);
      type Node = { docs: Record<string, { tf: number }> } & Record<string, unknown>;
      const stock = read<{ index: Record<string, { root: Node }>; documentStore: { docInfo: Record<string, Record<string, number>> } }>(
        ref.index,
      );
      const vocabulary = new Set<string>();
      FIELDS.forEach((field) => {
        const fromStock = new Map<string, string>();
        const walk = (node: Node, prefix: string) => {
          const refs = Object.keys(node.docs);
          if (refs.length)
            fromStock.set(
              prefix,
              refs.map((r) => `${r}:${weightStep(Math.round(node.docs[r]!.tf ** 2), stock.documentStore.docInfo[r]![field]!)}`).join(' '),
            );
          for (const k of Object.keys(node)) if (k !== 'docs' && k !== 'df') walk(node[k] as Node, prefix + k);
        };
        walk(stock.index[field]!.root, '');
        const fromChunks = new Map<string, string>();
        entry.chunks.forEach((c, i) => {
          const body = read<Record<string, string>>(c.url);
          const end = entry.chunks[i + 1]?.first ?? Number.POSITIVE_INFINITY;
          body[field]!.split(' ').forEach((encoded, k) => {
            expect(c.first + k).toBeLessThan(end);
            if (!encoded) return;
            const nums = decodeNumbers(encoded);
            const parts: string[] = [];
            let n = 0;
            for (let j = 0; j < nums.length; j += 2) parts.push(`${(n += nums[j]!)}:${nums[j + 1]}`);
            fromChunks.set(`${c.first + k}`, parts.join(' '));
          });
        });
        const words = decodeSortedWords(entry.vocabulary);
        const mapped = new Map([...fromChunks].map(([k, v]) => [words[Number(k)]!, v]));
        expect(mapped).toEqual(fromStock);
        for (const w of fromStock.keys()) vocabulary.add(w);
      });
      expect(decodeSortedWords(entry.vocabulary)).toEqual([...vocabulary].sort());
    }
  });

  it('names every file a search may fetch, by sidebar (what an offline cache precaches)', async () => {
    const engine = await loadEngine(manifest().locales.ru!.search!.entry, readFrom(dist));
    const all = engine.index.files();
    const some = engine.index.files({ sidebars: ['mobile', 'support'] });
    expect(some.length).toBeLessThan(all.length);
    for (const url of all) expect(() => readFileSync(join(dist, url))).not.toThrow();
    const page = await engine.load('визит', { sidebar: 'mobile' }, 20);
    expect(page.hits.length).toBe(20);
    const needed = new Set(page.hits.map((h) => engine.index.entry.groups[engine.index.groupOf(Number(h.doc.id))]!.url));
    for (const url of needed) expect(some).toContain(url);
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
