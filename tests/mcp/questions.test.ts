/**
 * Answer quality as an agent meets it: the question set (tests/mcp/questions.yaml) asked through
 * `vitrina-docs mcp`'s search tool, over stdio with the SDK client, without a locale (the server
 * detects it). MRR and recall@1/@5 per locale against thresholds, and the current-version rule.
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

const THRESHOLDS = { mrr: 0.75, recallAt1: 0.65, recallAt5: 0.88 };
const set = YAML.parse(readFileSync(join(ROOT, 'tests/mcp/questions.yaml'), 'utf8')) as Record<'ru' | 'en', Question[]>;
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
    for (const q of [...set.ru, ...set.en]) {
      const r = await call(client, 'search', { query: q.query, limit: 20 });
      answers.set(q.query, (r.structuredContent as { results: Hit[] }).results);
    }
  });
  afterAll(() => close());

  it.each(['ru', 'en'] as const)(
    `%s: MRR ≥ ${THRESHOLDS.mrr}, recall@1 ≥ ${THRESHOLDS.recallAt1}, recall@5 ≥ ${THRESHOLDS.recallAt5}`,
    (locale) => {
      const questions = set[locale];
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
        `${locale}: ${n} questions, MRR ${scores.mrr.toFixed(3)}, R@1 ${scores.recallAt1.toFixed(3)}, R@5 ${scores.recallAt5.toFixed(3)}`,
      );
      const why = JSON.stringify(misses, null, 1);
      expect(scores.mrr, why).toBeGreaterThanOrEqual(THRESHOLDS.mrr);
      expect(scores.recallAt1, why).toBeGreaterThanOrEqual(THRESHOLDS.recallAt1);
      expect(scores.recallAt5, why).toBeGreaterThanOrEqual(THRESHOLDS.recallAt5);
    },
  );

  it('puts no page of a legacy version above the current ones unless the question names it', () => {
    const broken: string[] = [];
    for (const q of [...set.ru, ...set.en]) {
      const hits = answers.get(q.query)!;
      const named = /\b(ic2|v1)\b/i.test(q.query);
      if (named) {
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
