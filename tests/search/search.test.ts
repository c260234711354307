import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import YAML from 'yaml';
import { describe, expect, inject, it } from 'vitest';
import type { LocaleCode, Manifest, SearchDocsFile, SearchEntry, SearchResult, SearchSectionGroup } from '@vitrina-docs/schemas';
import {
  analyse,
  decodeNumbers,
  decodeSortedWords,
  FIELDS,
  loadEngine,
  planTerms,
  queryWords,
  stemToken,
  weightStep,
} from '@vitrina-docs/search';
import { titleWeightStep } from '../../generator/search/build-shards.ts';
import { engineOf, loadRelevanceSet, rankedRoutes, readFrom, scoreRelevance, type RelevanceCase } from '../helpers/search-eval.ts';
import { ROOT, runCli } from '../helpers/project.ts';

const dist = inject('realDist');
const manifest = (): Manifest => JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Manifest;
const read = <T>(path: string): T => JSON.parse(readFileSync(join(dist, path), 'utf8')) as T;
const entryOf = (locale: LocaleCode) => read<SearchEntry>(manifest().locales[locale]!.search!.entry);

describe('relevance test set', () => {
  const set = loadRelevanceSet(ROOT);
  it.each(['ru', 'en'] as const)('%s: at least 130 queries, recall@5 ≥ 0.9 and MRR ≥ 0.85', async (locale) => {
    expect(set[locale].length).toBeGreaterThanOrEqual(130);
    const scores = scoreRelevance(await engineOf(dist, locale), set[locale]);
    const misses = JSON.stringify(scores.misses.slice(0, 10), null, 1);
    expect(scores.recallAt5, misses).toBeGreaterThanOrEqual(0.9);
    expect(scores.mrr, misses).toBeGreaterThanOrEqual(0.85);
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

describe('search that forgives', () => {
  const top = (e: Awaited<ReturnType<typeof engineOf>>, q: string, n = 1) => rankedRoutes(e, q).slice(0, n);

  it('finds words with a typo (1 edit for 4–7 letters, 2 for longer, a transposition is one), in both scripts, below exact matches', async () => {
    const ru = await engineOf(dist, 'ru');
    const en = await engineOf(dist, 'en');
    expect(top(ru, 'отмнить визит')).toEqual(['/docs/mobile/ic3/visits/cancel']);
    expect(top(ru, 'принудительное обнвление отчёта')).toEqual(['/docs/api/backend/methods/v1.5/reports/force_update']);
    expect(top(en, 'how to strat a visit')).toEqual(['/docs/mobile/ic3/visits/start']); // transposition
    expect(top(en, 'cancle visit')).toEqual(['/docs/mobile/ic3/visits/cancel']);
    // The snippet marks the word the typo stood for.
    const hit = en.peek('cancle visit', {}, 1)!.hits[0]!;
    expect(hit.highlights.map(([a, b]) => hit.snippet.slice(a, b).toLowerCase())).toContain('cancel');
    expect(top(en, 'recognitoin acuracy dashbord')).toEqual(['/docs/business/dashboards/accuracy_dash']); // 2 edits in a long word
    // Beyond the budget nothing is found: 2 edits in a word of 6 letters, any edit in 3 letters.
    expect(rankedRoutes(en, 'paswrd')).toEqual([]);
    expect(rankedRoutes(en, 'xku')).toEqual([]);
    // A near match counts less than an exact one.
    const exact = en.peek('planogram', {}, 1)!.hits[0]!;
    const near = en.peek('planogarm', {}, 1)!.hits[0]!;
    expect(near.doc.route).toBe(exact.doc.route);
    expect(near.score).toBeLessThan(exact.score * 0.5);
  });

  it('keeps the wrong-keyboard-layout retry when the typo budget finds nothing better', async () => {
    const ru = await engineOf(dist, 'ru');
    expect(top(ru, 'jnvtybnm dbpbn', 3)).toContain('/docs/mobile/ic3/visits/cancel');
  });

  it('applies the writers’ synonyms of content/synonyms/<locale>.yaml', async () => {
    const ru = await engineOf(dist, 'ru');
    const en = await engineOf(dist, 'en');
    expect(top(ru, 'альтстор')).toEqual(['/docs/mobile/install_from_altstore']);
    expect(top(ru, 'установить на айфон')).toEqual(['/docs/mobile/install_from_altstore']);
    expect(top(ru, 'добавить нового мерчендайзера')).toEqual(['/docs/portal/agent']);
    expect(top(en, 'email reports')).toEqual(['/docs/portal/mailing']);
    expect(top(en, 'api key')).toEqual(['/docs/api/backend/auth']);
    expect(entryOf('ru').synonyms.some((g) => g.includes('айфон'))).toBe(true);
  });

  it('lets the content words of a question lead, and does not take "supported" for "support"', async () => {
    const ru = await engineOf(dist, 'ru');
    const en = await engineOf(dist, 'en');
    expect(queryWords('что делать если нет интернета', 'ru').terms).toEqual(queryWords('нет интернета', 'ru').terms);
    expect(queryWords('how do I start a visit', 'en').terms).toEqual(queryWords('start a visit', 'en').terms);
    expect(top(ru, 'почему визит не загружается', 3)).toContain('/docs/mobile/ic3/problems');
    expect(top(ru, 'какие телефоны поддерживаются')).toEqual(['/docs/mobile/ic3/specification']);
    expect(stemToken('supported', 'en')).not.toBe(stemToken('support', 'en'));
    expect(top(en, 'supported phones')).toEqual(['/docs/mobile/ic3/specification']);
  });

  it('offers the closest query that finds something when nothing is found ("did you mean"), in the locale', async () => {
    const en = await engineOf(dist, 'en');
    const ru = await engineOf(dist, 'ru');
    expect(await en.suggest('paswrd')).toBe('password');
    expect(await ru.suggest('пвроль')).toBe('пароль');
    expect(await ru.suggest('gfhjkm')).toBe('пароль'); // the other keyboard layout
    expect(await en.suggest('zzqxjw')).toBeNull();
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

  it('fetches ahead, for words typed letter by letter, what the next letters draw: more keystrokes drawn at once, a few files each', async () => {
    const words = ['фото полки', 'задача', 'отчёт', 'магазин', 'распознавание', 'пароль', 'мерчендайзер', 'планограмма'];
    /** Types each word from its second letter, drawing each keystroke; counts the keystrokes that had everything loaded. */
    const type = async (ahead: boolean) => {
      const fetched: string[] = [];
      const engine = await loadEngine(manifest().locales.ru!.search!.entry, (path) => {
        fetched.push(path);
        return readFrom(dist)(path);
      });
      let instant = 0;
      /** Keystrokes drawn at once whose postings `ahead` fetched. */
      let postingsAhead = 0;
      let postings = 0;
      let sections = 0;
      for (const word of words)
        for (let n = 2; n <= word.length; n++) {
          const q = word.slice(0, n);
          if (engine.peek(q, {}, 8)) instant++;
          else await engine.load(q, {}, 8);
          if (!ahead || n === word.length) continue;
          const next = word.slice(0, n + 1);
          const missing = engine.index.missingPostings(planTerms(engine.plan(next)));
          const before = fetched.length;
          await engine.ahead(q, {}, 8, 3);
          const files = fetched.slice(before).map((f) => f.replace(/.*\//, '')[0]);
          postings = Math.max(postings, files.filter((f) => f === 'p').length);
          sections = Math.max(sections, files.filter((f) => f === 's').length);
          if (missing && engine.peek(next, {}, 8)) postingsAhead++;
        }
      return { instant, postingsAhead, postings, sections };
    };
    const plain = await type(false);
    const typed = await type(true);
    expect(typed.instant).toBeGreaterThan(plain.instant + 5);
    expect(typed.postingsAhead).toBeGreaterThan(0);
    // At most three postings files, and the sections of the likeliest letter's eight hits.
    expect(typed.postings).toBeLessThanOrEqual(3);
    expect(typed.sections).toBeGreaterThan(0);
    expect(typed.sections).toBeLessThanOrEqual(8);
  });

  it.each(['ru', 'en'] as const)(
    '%s: the letter fetched ahead whole is the one typed next for most keystrokes of the relevance queries, past a stem too',
    async (locale) => {
      const engine = await engineOf(dist, locale);
      // The ranking `ahead` follows (private: what a keystroke fetches is what it changes).
      const likeliest = (q: string, last: string) =>
        (engine as unknown as { nextLetters(q: string, o: object, l: string, c: number): string[] }).nextLetters(q, {}, last, 8)[0];
      let keystrokes = 0;
      let right = 0;
      let pastStem = 0;
      for (const { query } of loadRelevanceSet(ROOT)[locale]) {
        const text = query.toLowerCase().replace(/ё/g, 'е');
        for (let n = 2; n < text.length; n++) {
          const last = /\S$/.test(text.slice(0, n)) ? /[\p{L}\p{N}]+$/u.exec(text.slice(0, n))?.[0] : undefined;
          if (!last || last.length < 2 || !/[\p{L}\p{N}]/u.test(text[n]!)) continue;
          keystrokes++;
          if (likeliest(text.slice(0, n), last) !== text[n]) continue;
          right++;
          if (engine.index.expand(last, 1).length === 0) pastStem++;
        }
      }
      expect(keystrokes).toBeGreaterThan(1000);
      // 63 % (ru) and 75 % (en) when only the letters of the vocabulary's terms were ranked.
      expect(right / keystrokes).toBeGreaterThan(0.72);
      expect(pastStem).toBeGreaterThan(50);
    },
  );

  it('ranks a query the same whatever was ranked before it', async () => {
    const engine = await loadEngine(manifest().locales.ru!.search!.entry, readFrom(dist));
    const queries = ['визит', 'dbpbn', 'фото полки', 'отчёт по визиту', 'регистрацыя', 'задача', 'ic2 визит'];
    const first = new Map<string, unknown>();
    for (const q of queries) first.set(q, await engine.rankAsync(q));
    const again = await loadEngine(manifest().locales.ru!.search!.entry, readFrom(dist));
    for (const q of [...queries].reverse()) expect(await again.rankAsync(q), q).toEqual(first.get(q));
  });

  it('fetches nothing ahead after a finished word', async () => {
    const fetched: string[] = [];
    const engine = await loadEngine(manifest().locales.ru!.search!.entry, (path) => {
      fetched.push(path);
      return readFrom(dist)(path);
    });
    await engine.load('визит ', {}, 8);
    const count = fetched.length;
    await engine.ahead('визит ', {}, 8, 3);
    expect(fetched).toHaveLength(count);
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

  it('the postings files hold exactly the stock index’s postings, with their weights (the title’s as the ranking weighs it)', () => {
    for (const locale of ['ru', 'en'] as const) {
      const ref = manifest().locales[locale]!.search!;
      const entry = entryOf(locale);
      type Node = { docs: Record<string, { tf: number }> } & Record<string, unknown>;
      const stock = read<{ index: Record<string, { root: Node }>; documentStore: { docInfo: Record<string, Record<string, number>> } }>(
        ref.index,
      );
      // The page title of each section, from the section files.
      const titles: string[] = [];
      for (const g of entry.groups) {
        const group = read<SearchSectionGroup>(g.url);
        group.sections.forEach((section, i) => (titles[g.first + i] = group.pages[section[0]]![1]));
      }
      const vocabulary = new Set<string>();
      FIELDS.forEach((field) => {
        const fromStock = new Map<string, string>();
        const walk = (node: Node, prefix: string) => {
          const refs = Object.keys(node.docs);
          if (refs.length)
            fromStock.set(
              prefix,
              refs
                .map((r) => {
                  const count = Math.round(node.docs[r]!.tf ** 2);
                  const length = stock.documentStore.docInfo[r]![field]!;
                  // The ranking's title weights saturate repeated keywords and dilute less by them (titleWeightStep).
                  const step =
                    field === 'title'
                      ? titleWeightStep(count, length, analyse(titles[Number(r)]!, locale).length)
                      : weightStep(count, length);
                  return `${r}:${step}`;
                })
                .join(' '),
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

describe('current versions first', () => {
  it('ranks IC3 above IC2 and API v1.5 above v1 unless the query or a filter names the old version', async () => {
    const ru = await engineOf(dist, 'ru');
    const en = await engineOf(dist, 'en');
    const first = (e: Awaited<ReturnType<typeof engineOf>>, q: string, version: string | null = null) =>
      e.peek(q, { version }, 1)!.hits[0]!.doc.route;
    expect(first(ru, 'как начать визит')).toBe('/docs/mobile/ic3/visits/start');
    expect(first(en, 'start a visit')).toBe('/en/docs/mobile/ic3/visits/start');
    expect(first(ru, 'начать визит IC2')).toBe('/docs/mobile/ic2/visits/start');
    expect(first(en, 'start a visit', 'ic2')).toBe('/en/docs/mobile/ic2/visits/start');
    expect(first(en, 'list of stores API v1')).toMatch(/^\/en\/docs\/api\/backend\/methods\/v1\//);
    expect(first(en, 'list of stores API')).not.toMatch(/\/methods\/v1\//);
    // A version filter keeps its sidebar's pages of that version and those without one, nothing else.
    const filtered = en.peek('visit', { version: 'ic2' }, Infinity)!.hits;
    expect(filtered.some((h) => h.doc.version === 'ic3')).toBe(false);
    expect(filtered.every((h) => h.doc.sidebar === 'mobile')).toBe(true);
    expect(filtered.some((h) => h.doc.version === null)).toBe(true);
    expect(first(en, 'cancel a visit', 'ic2')).toBe('/en/docs/mobile/ic2/visits/cancel');
  });
});

describe('vitrina-docs query', () => {
  it('prints the hits as JSON, with absolute URLs, versions and text', async () => {
    const r = await runCli(['query', 'начать визит', '--locale', 'ru', '--limit', '3', '--dir', dist]);
    expect(r.code, r.stderr).toBe(0);
    const hits = JSON.parse(r.stdout) as SearchResult[];
    expect(hits).toHaveLength(3);
    expect(Object.keys(hits[0]!).sort()).toEqual(
      ['anchor', 'breadcrumbs', 'current', 'heading', 'route', 'score', 'sidebar', 'text', 'title', 'url', 'version'].sort(),
    );
    expect(hits[0]).toMatchObject({ route: '/docs/mobile/ic3/visits/start', version: 'ic3', current: true, sidebar: 'mobile' });
    expect(hits[0]!.url).toMatch(/^https:\/\/docs\.vitrina\.example\/docs\/mobile\/ic3\/visits\/start(#|$)/);
  });

  it('picks the locale from the query’s script; filters by sidebar and by version', async () => {
    const en = JSON.parse((await runCli(['query', 'start a visit', '--dir', dist])).stdout) as SearchResult[];
    expect(en[0]!.route).toBe('/en/docs/mobile/ic3/visits/start');
    const ru = JSON.parse((await runCli(['query', 'начать визит', '--dir', dist])).stdout) as SearchResult[];
    expect(ru[0]!.route).toBe('/docs/mobile/ic3/visits/start');
    const api = JSON.parse((await runCli(['query', 'visit', '--sidebar', 'api', '--dir', dist])).stdout) as SearchResult[];
    expect(api.length).toBeGreaterThan(0);
    for (const h of api) expect(h.route).toMatch(/^\/en\/docs\/api\//);
    const ic2 = JSON.parse((await runCli(['query', 'start a visit', '--version', 'ic2', '--dir', dist])).stdout) as SearchResult[];
    expect(ic2[0]).toMatchObject({ route: '/en/docs/mobile/ic2/visits/start', current: false });
  });

  it('says clearly when the site is not built; --version prints the CLI version', async () => {
    const r = await runCli(['query', 'визит', '--dir', join(dist, 'no-such-folder')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/no built site in .*no-such-folder.*vitrina-docs build/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const v = await runCli(['--version']);
    expect(v.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(ROOT, 'generator', 'package.json'), 'utf8')) as { version: string }).version,
    );
  });
});

describe('a chatbot with stock elasticlunr (no project code)', () => {
  it('loads a shard in a separate Node process and gets section text and URLs back', async () => {
    const ref = manifest().locales.ru!.search!;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [join(ROOT, 'tests/search/chatbot-client.mjs'), join(dist, ref.index), join(dist, ref.docs), 'как отменить визит'],
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
