/**
 * Answer quality as an agent meets it: the question set asked through `vitrina-docs mcp`'s search
 * tool, over stdio with the SDK client, without a locale (the server detects it). Two parts: the
 * one the ranking is tuned on (tests/mcp/questions.yaml) and a held-out one it is never tuned on
 * (tests/mcp/questions-held-out.yaml). MRR and recall@1/@5 per part and locale against
 * thresholds a little under the measured figures, and the current-version rule on every question.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ROOT } from '../helpers/project.ts';
import { call, stdioClient } from './mcp-clients.ts';

interface Question {
  query: string;
  expect: string;
  also?: string[];
}
interface Hit {
  id: string;
  version: string | null;
  current: boolean;
}

type Locale = 'ru' | 'en';
interface Scores {
  mrr: number;
  recallAt1: number;
  recallAt5: number;
}
/** The parts of the question set and, per locale, the least each must score. */
const PARTS: Record<'tuning' | 'held-out', { file: string; thresholds: Record<Locale, Scores> }> = {
  tuning: {
    file: 'tests/mcp/questions.yaml',
    thresholds: { ru: { mrr: 0.93, recallAt1: 0.9, recallAt5: 0.98 }, en: { mrr: 0.88, recallAt1: 0.83, recallAt5: 0.95 } },
  },
  'held-out': {
    file: 'tests/mcp/questions-held-out.yaml',
    thresholds: { ru: { mrr: 0.91, recallAt1: 0.88, recallAt5: 0.94 }, en: { mrr: 0.94, recallAt1: 0.91, recallAt5: 0.97 } },
  },
};
const sets = Object.fromEntries(
  Object.entries(PARTS).map(([part, { file }]) => [part, YAML.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<Locale, Question[]>]),
) as Record<keyof typeof PARTS, Record<Locale, Question[]>>;
const everyQuestion = Object.values(sets).flatMap((set) => [...set.ru, ...set.en]);
const cases = (Object.keys(PARTS) as (keyof typeof PARTS)[]).flatMap((part) =>
  (['ru', 'en'] as const).map((locale) => [part, locale] as const),
);
const dist = inject('realDist');

/** The pages of the hits, best first, without the locale prefix and the anchor (several sections of a page count once). */
const sidebarOf = (id: string) => id.replace(/^\/en(?=\/)/, '').split('/')[2] ?? '';
const pagesOf = (hits: Hit[]) => [...new Set(hits.map((h) => h.id.replace(/#.*$/, '').replace(/^\/en(?=\/|$)/, '') || '/'))];

describe('the question set, through the MCP search tool', () => {
  let client: Client;
  let close: () => Promise<void>;
  const answers = new Map<string, Hit[]>();
  beforeAll(async () => {
    ({ client, close } = await stdioClient(dist));
    for (const q of everyQuestion) {
      const r = await call(client, 'search', { query: q.query, limit: 20 });
      answers.set(q.query, (r.structuredContent as { results: Hit[] }).results);
    }
  });
  afterAll(() => close());

  it.each(cases)('%s, %s: MRR, recall@1 and recall@5 at least the thresholds', (part, locale) => {
    const thresholds = PARTS[part].thresholds[locale];
    const questions = sets[part][locale];
    expect(questions.length).toBeGreaterThanOrEqual(30);
    let rr = 0;
    let at1 = 0;
    let at5 = 0;
    const misses: { query: string; expect: string; got: string[] }[] = [];
    for (const q of questions) {
      const ok = new Set([q.expect, ...(q.also ?? [])]);
      const pages = pagesOf(answers.get(q.query)!);
      const rank = pages.findIndex((p) => ok.has(p));
      if (rank >= 0) rr += 1 / (rank + 1);
      if (rank === 0) at1++;
      if (rank >= 0 && rank < 5) at5++;
      if (rank !== 0) misses.push({ query: q.query, expect: q.expect, got: pages.slice(0, 3) });
    }
    const n = questions.length;
    const scores = { mrr: rr / n, recallAt1: at1 / n, recallAt5: at5 / n };
    console.log(
      `${part}, ${locale}: ${n} questions, MRR ${scores.mrr.toFixed(3)}, R@1 ${scores.recallAt1.toFixed(3)}, R@5 ${scores.recallAt5.toFixed(3)}`,
    );
    const why = JSON.stringify(misses, null, 1);
    expect(scores.mrr, why).toBeGreaterThanOrEqual(thresholds.mrr);
    expect(scores.recallAt1, why).toBeGreaterThanOrEqual(thresholds.recallAt1);
    expect(scores.recallAt5, why).toBeGreaterThanOrEqual(thresholds.recallAt5);
  });

  it('answers "<resource> api" with the list method of that resource, never its item (`_id`) method or the API overview', () => {
    const asked = everyQuestion.filter((q) => /^[\p{L}-]+ api$|^api [\p{L}-]+$/iu.test(q.query));
    expect(asked.length).toBeGreaterThanOrEqual(6);
    const wrong = asked.flatMap((q) => {
      const first = pagesOf(answers.get(q.query)!)[0];
      return first === q.expect ? [] : [`${q.query}: ${first}`];
    });
    expect(wrong).toEqual([]);
  });

  it('answers a question typed in the other keyboard layout in the language it was meant in', () => {
    // An English question typed with the Russian layout on (`ыефке ф мшыше`): Cyrillic letters, English words.
    const retyped = sets.tuning.en.concat(sets['held-out'].en).filter((q) => /^[\u0400-\u04ff\s]+$/.test(q.query));
    expect(retyped.length).toBeGreaterThanOrEqual(2);
    const wrong = retyped.flatMap((q) => {
      const hits = answers.get(q.query)!;
      const ok = hits[0]?.id.startsWith('/en/') && pagesOf(hits)[0] === q.expect;
      return ok ? [] : [`${q.query}: ${hits[0]?.id}`];
    });
    expect(wrong).toEqual([]);
  });

  it('puts no page of a legacy version above the current ones unless the question names it', () => {
    const broken: string[] = [];
    for (const q of everyQuestion) {
      const hits = answers.get(q.query)!;
      const legacy = /\b(ic2|v1)(?!\.\d)\b/i.test(q.query);
      const current = /\b(ic3|v1\.5)\b/i.test(q.query);
      // A question that names both versions (which one do I have?) may be answered by either.
      if (legacy && current) continue;
      if (legacy) {
        if (hits[0]?.current !== false) broken.push(`${q.query}: names a legacy version, first hit ${hits[0]?.id}`);
        continue;
      }
      // In each sidebar with versions (mobile, api), the first hit is of the current version.
      const firstOf = new Map<string, Hit>();
      for (const h of hits) if (h.version && !firstOf.has(sidebarOf(h.id))) firstOf.set(sidebarOf(h.id), h);
      for (const [sidebar, h] of firstOf) if (!h.current) broken.push(`${q.query}: the first ${sidebar} hit ${h.id} is legacy`);
    }
    expect(broken).toEqual([]);
  });
});
