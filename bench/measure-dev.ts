/**
 * The writers' loop: `vitrina-docs dev` serving a copy of the corpus, the docs page open in
 * Chromium, one paragraph appended to its source; the time from the file written to the new text
 * shown in the browser (however the dev server updates it: reload or in place).
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CACHE_FILES, pickEditablePage } from './corpus.ts';
import { killGroup, log, runCli, series, sleep, spawnCliServer, type Series } from './util.ts';

export interface DevFigures {
  page: string;
  route: string;
  /** File written → the new text in the page. */
  editToBrowserMs: Series;
  startupMs: number;
  misses: number;
}

/** Whether this CLI has a `dev` command. */
export async function hasDevCommand(): Promise<boolean> {
  const r = await runCli(['--help'], { timeoutMs: 30_000 });
  return /^\s+dev\b/m.test(r.stdout + r.stderr);
}

/** The route of a doc page file: `docs/a/b.ru.md` → `/docs/a/b`, `docs/a/index.ru.md` → `/docs/a`. */
export function routeOfPage(rel: string): string {
  const stem = rel.replace(/\.(ru|en)\.md$/, '').replace(/\/index$/, '');
  const locale = /\.en\.md$/.test(rel) ? '/en' : '';
  return `${locale}/${stem}`;
}

export async function measureDev(
  browser: Browser,
  root: string,
  edits: number,
  timeoutMs = 120_000,
): Promise<DevFigures | { error: string }> {
  const page = pickEditablePage(root);
  if (!page) return { error: 'no page to edit' };
  const route = routeOfPage(page);
  const t0 = Date.now();
  const { child, untrack, url, stderr: output } = await spawnCliServer(root, ['dev']);
  const file = join(root, 'content', page);
  const original = readFileSync(file, 'utf8');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    for (;;) {
      if (child.exitCode !== null) return { error: `dev exited (${child.exitCode}): ${output().trim().split('\n').slice(-3).join(' | ')}` };
      try {
        const r = await fetch(url + route);
        if (r.status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() - t0 > timeoutMs) return { error: `dev did not serve ${route} within ${timeoutMs / 1000} s` };
      await sleep(200);
    }
    const startupMs = Date.now() - t0;
    const tab = await context.newPage();
    await tab.goto(url + route, { waitUntil: 'load' });
    await sleep(1500);
    const times: number[] = [];
    let misses = 0;
    for (let i = 1; i <= edits; i++) {
      const marker = `${Date.now() % 1_000_000}${i}`;
      const text = page.endsWith('.ru.md') ? `Правка для замера номер ${marker}.` : `Benchmark edit number ${marker}.`;
      const started = performance.now();
      writeFileSync(file, `${original.replace(/\s*$/, '')}\n\n${text}\n`);
      if (await waitForText(tab, marker, 10_000)) times.push(performance.now() - started);
      else misses++;
      await sleep(800);
    }
    log(`dev: edit → browser ${times.map((t) => Math.round(t)).join(', ')} ms${misses ? `, ${misses} not shown within 10 s` : ''}`);
    return { page, route, editToBrowserMs: series(times), startupMs, misses };
  } finally {
    writeFileSync(file, original);
    await context.close();
    killGroup(child.pid!);
    untrack();
  }
}

/** Waits for a text in the page, across a reload the dev server may make. */
async function waitForText(tab: Page, text: string, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      await tab.waitForFunction((m) => document.body?.innerText.includes(m), text, {
        timeout: Math.max(1, end - Date.now()),
        polling: 'raf',
      });
      return true;
    } catch (e) {
      if (!/context was destroyed|navigat|Target closed/i.test((e as Error).message)) return false;
      await sleep(10);
    }
  }
  return false;
}

/** The caches of a measured root, for the dev server's copy to start warm. */
export function copyCaches(from: string, to: string): void {
  for (const f of [...CACHE_FILES.build, ...CACHE_FILES.validate])
    if (existsSync(join(from, '.cache', f))) cpSync(join(from, '.cache', f), join(to, '.cache', f));
}
