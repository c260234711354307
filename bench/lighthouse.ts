/**
 * Lighthouse 12 (13 needs a newer Node) with Debian's Chromium through chrome-launcher, mobile
 * and desktop presets, for the home page, a docs page and the search page: the four category
 * scores, FCP, LCP, TBT and CLS. The benchmark's build runs with analytics off (see
 * `withoutAnalytics`): the third-party script cannot load here, and its failure would cost
 * best-practices points that say nothing about the site.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser.ts';
import { log } from './util.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRun {
  url: string;
  /** Category scores 0–100. */
  scores: Partial<Record<(typeof CATEGORIES)[number], number | null>>;
  /** First contentful paint (simulated throttling for mobile). */
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Audits of the four categories that did not pass, for the analysis. */
  failing: string[];
  /** What Lighthouse names as the LCP element, the render-blocking resources and the console errors. */
  details: { lcpElement: string | null; renderBlocking: string[]; consoleErrors: string[] };
  error?: string;
}

export type LighthouseFigures = Record<'mobile' | 'desktop', Record<string, LighthouseRun>>;

interface LhResult {
  lhr: {
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<
      string,
      {
        id: string;
        title: string;
        score: number | null;
        numericValue?: number;
        scoreDisplayMode: string;
        displayValue?: string;
        details?: { items?: Record<string, unknown>[] };
      }
    >;
    runtimeError?: { code: string; message: string };
  };
}

/** A page that has no figures: not run, or Lighthouse failed on it. */
function notRun(url: string, error: string): LighthouseRun {
  return {
    url,
    scores: {},
    fcpMs: null,
    lcpMs: null,
    tbtMs: null,
    cls: null,
    failing: [],
    details: { lcpElement: null, renderBlocking: [], consoleErrors: [] },
    error,
  };
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms)),
  ]);
}

export async function runLighthouse(
  baseUrl: string,
  pages: Record<string, string>,
  options: { timeoutMs: number; presets?: ('mobile' | 'desktop')[]; timeLeft?: () => boolean },
): Promise<LighthouseFigures> {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const out: LighthouseFigures = { mobile: {}, desktop: {} };
  for (const preset of options.presets ?? ['mobile', 'desktop']) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new'],
      logLevel: 'silent',
    });
    try {
      for (const [id, path] of Object.entries(pages)) {
        const url = baseUrl + path;
        if (options.timeLeft && !options.timeLeft()) {
          out[preset][id] = notRun(path, 'not run: the time limit was reached');
          continue;
        }
        try {
          const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
          const run = async () =>
            (await withTimeout(
              lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined),
              options.timeoutMs,
              `lighthouse ${preset} ${path}`,
            )) as unknown as LhResult | undefined;
          let result = await run();
          // A trace that failed to record (NO_NAVSTART, NO_FCP…) says nothing about the page: once more.
          if (result?.lhr.runtimeError) {
            log(`lighthouse ${preset} ${path}: ${result.lhr.runtimeError.code}, running it again`);
            result = await run();
          }
          if (!result) throw new Error('lighthouse returned no result');
          const { lhr } = result;
          const num = (id: string) => {
            const v = lhr.audits[id]?.numericValue;
            return typeof v === 'number' ? Number(v.toFixed(id === 'cumulative-layout-shift' ? 3 : 0)) : null;
          };
          const failing = ['performance', 'accessibility', 'best-practices', 'seo'].flatMap((c) =>
            (lhr.categories[c]?.auditRefs ?? [])
              .filter((r) => r.weight > 0)
              .map((r) => lhr.audits[r.id])
              .filter(
                (a): a is NonNullable<typeof a> =>
                  !!a &&
                  a.scoreDisplayMode !== 'notApplicable' &&
                  a.scoreDisplayMode !== 'informative' &&
                  a.score !== null &&
                  a.score < 0.9,
              )
              .map((a) => `${c}: ${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
          );
          const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
          const lcpItem = items('largest-contentful-paint-element')[0] as
            { items?: { node?: { snippet?: string; selector?: string } }[] } | undefined;
          const lcpNode = lcpItem?.items?.[0]?.node;
          const details = {
            lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}`.trim().slice(0, 200) : null,
            renderBlocking: items('render-blocking-resources').map((i) => `${String(i.url)} (${Math.round(Number(i.wastedMs ?? 0))} ms)`),
            consoleErrors: items('errors-in-console').map((i) => String(i.description ?? '').slice(0, 200)),
          };
          out[preset][id] = {
            url: path,
            details,
            scores: Object.fromEntries(
              CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100)]),
            ),
            fcpMs: num('first-contentful-paint'),
            lcpMs: num('largest-contentful-paint'),
            tbtMs: num('total-blocking-time'),
            cls: num('cumulative-layout-shift'),
            failing,
            ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
          };
          const s = out[preset][id]!.scores;
          log(
            `lighthouse ${preset} ${path}: ${CATEGORIES.map((c) => s[c] ?? '?').join(' / ')}, FCP ${out[preset][id]!.fcpMs} ms, LCP ${out[preset][id]!.lcpMs} ms, TBT ${out[preset][id]!.tbtMs} ms, CLS ${out[preset][id]!.cls}`,
          );
        } catch (e) {
          out[preset][id] = notRun(path, (e as Error).message.split('\n')[0]!);
          log(`lighthouse ${preset} ${path}: ${out[preset][id]!.error}`);
        }
      }
    } finally {
      chrome.kill();
    }
  }
  return out;
}

/**
 * Turns analytics off in a project's content/site.yaml (the benchmark's own copy): a config
 * override, so that the pages measured make no third-party request.
 */
export function withoutAnalytics(root: string): boolean {
  const file = join(root, 'content', 'site.yaml');
  const yaml = readFileSync(file, 'utf8');
  const off = yaml.replace(/^analytics:\n(?:[ \t]+.*\n)+/m, 'analytics:\n  provider: none\n');
  if (off === yaml) return false;
  writeFileSync(file, off);
  return true;
}
