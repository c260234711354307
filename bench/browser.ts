/**
 * Chromium (Debian's, driven by playwright-core; never `playwright install`), the preview server
 * the pages are measured against, and a recorder of what a page fetches (CDP Network events:
 * encodedDataLength for the transfer, the bodies gzip-compressed here for the "gzip" figures,
 * since the preview server does not compress).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { nginxConfig, siteConfDir } from '../tests/e2e/nginx.ts';
import { cliFile, freePort, gzipSize, precompressedSizes, killGroup, log, sleep, spawnCliServer, trackGroup, type Sizes } from './util.ts';

export { CHROMIUM, CHROMIUM_ARGS as CHROMIUM_FLAGS } from '../scripts/chromium.ts';
import { CHROMIUM, CHROMIUM_ARGS as CHROMIUM_FLAGS } from '../scripts/chromium.ts';

/** Installs Debian's Chromium when it is missing and we are root; returns why not when it cannot. */
export function ensureChromium(install: boolean): { ok: boolean; note: string } {
  if (existsSync(CHROMIUM)) return { ok: true, note: CHROMIUM };
  if (!install) return { ok: false, note: `${CHROMIUM} is missing (apt-get install -y chromium)` };
  if (process.getuid?.() !== 0)
    return { ok: false, note: `${CHROMIUM} is missing and installing it needs root (apt-get install -y chromium)` };
  log('installing Debian chromium (apt-get install -y chromium)');
  spawnSync('apt-get', ['update'], { stdio: 'ignore', timeout: 300_000 });
  const r = spawnSync('apt-get', ['install', '-y', 'chromium'], {
    stdio: 'ignore',
    timeout: 600_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return existsSync(CHROMIUM)
    ? { ok: true, note: `${CHROMIUM} (installed now)` }
    : { ok: false, note: `apt-get install chromium failed (exit ${r.status})` };
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

export interface Preview {
  url: string;
  /** nginx with the production configuration (deploy/nginx), or the CLI's preview server. */
  server: 'nginx' | 'preview';
  close(): Promise<void>;
}

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? null;

/** The site configuration of the code snapshot the benchmark runs (deploy/nginx/site.conf). */
function nginxSiteDir(): string | null {
  const dir = join(dirname(dirname(cliFile())), 'deploy', 'nginx');
  return existsSync(join(dir, 'site.conf')) ? dir : null;
}

/**
 * Serves `<root>/dist` the way production does: nginx with deploy/nginx/site.conf (gzip, the
 * precompressed assets, cache and security headers) when nginx and the configuration are there,
 * else `vitrina-docs preview` (no compression: the gzip figures are computed here either way).
 */
export async function startServer(root: string): Promise<Preview> {
  const site = nginxSiteDir();
  if (NGINX && site) {
    try {
      return await startNginx(root, site);
    } catch (e) {
      log(`nginx did not start (${(e as Error).message.split('\n')[0]}): using vitrina-docs preview`);
    }
  }
  return startPreview(root);
}

async function startNginx(root: string, site: string): Promise<Preview> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-bench-nginx-'));
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  siteConfDir(dir, join(root, 'dist'), site);
  // nginx's workers run as nobody: the temporary root must be readable by them.
  chmodSync(root, 0o755);
  const conf = nginxConfig({ dir, port, root: join(root, 'dist') });
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child = spawn(NGINX!, ['-p', dir, '-c', join(dir, 'nginx.conf')], { detached: true, stdio: 'ignore' });
  const untrack = trackGroup(child.pid!);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}), see ${dir}/error.log`);
    try {
      const r = await fetch(`${url}/manifest.json`, { method: 'HEAD' });
      if (r.status === 200) break;
      throw new Error(`nginx answers ${r.status} for /manifest.json`);
    } catch (e) {
      if ((e as Error).message.startsWith('nginx answers')) {
        killGroup(child.pid!);
        throw e;
      }
    }
    if (Date.now() - started > 15_000) {
      killGroup(child.pid!);
      throw new Error(`nginx did not answer in 15 s, see ${dir}/error.log`);
    }
    await sleep(50);
  }
  return {
    url,
    server: 'nginx',
    close: async () => {
      killGroup(child.pid!);
      untrack();
      await sleep(100);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `vitrina-docs preview` serving `<root>/dist` on a free port, as a child process. */
export async function startPreview(root: string, dir = 'dist'): Promise<Preview> {
  const { child, untrack, url, stderr: output } = await spawnCliServer(root, ['preview', '--dir', dir]);
  const stderr = () => output().trim();
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`preview exited (${child.exitCode}): ${stderr()}`);
    try {
      const r = await fetch(`${url}/manifest.json`, { method: 'HEAD' });
      if (r.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 30_000) {
      killGroup(child.pid!);
      throw new Error(`preview did not start in 30 s: ${stderr()}`);
    }
    await sleep(100);
  }
  return {
    url,
    server: 'preview',
    close: async () => {
      killGroup(child.pid!);
      untrack();
    },
  };
}

export type Category = 'html' | 'js' | 'css' | 'json' | 'image' | 'font' | 'other';

export interface Fetched {
  url: string;
  path: string;
  status: number;
  category: Category;
  mimeType: string;
  /** Bytes over the wire (headers included), from Network.loadingFinished. */
  transfer: number;
  raw: number;
  /** gzip -9 for a script (what the build precompresses), level 6 for everything else (nginx's on-the-fly level). */
  gzip: number;
  /** Brotli at quality 11 for a script (the build's `.br`, what browsers get); 0 for everything else. */
  brotli: number;
  fromCache: boolean;
}

function categoryOf(type: string, mime: string, url: string): Category {
  if (type === 'Document' || mime.includes('text/html')) return 'html';
  if (type === 'Script' || mime.includes('javascript') || /\.m?js(\?|$)/.test(url)) return 'js';
  if (type === 'Stylesheet' || mime.includes('text/css')) return 'css';
  if (mime.includes('json') || /\.json(\?|$)/.test(url)) return 'json';
  if (type === 'Image' || mime.startsWith('image/')) return 'image';
  if (type === 'Font' || mime.startsWith('font/')) return 'font';
  return 'other';
}

/** Records every response of a page through CDP, with body sizes raw and gzip. */
export class NetworkRecorder {
  private readonly pending = new Map<string, { url: string; type: string; mime: string; status: number; fromCache: boolean }>();
  private readonly started = new Set<string>();
  private readonly bodies: Promise<void>[] = [];
  private recording = false;
  private readonly urls = new Map<string, string>();
  /** Requests that failed (URL and error) since start(). */
  failed: string[] = [];
  private entries: Fetched[] = [];
  lastActivity = Date.now();

  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<NetworkRecorder> {
    const cdp = await page.context().newCDPSession(page);
    const rec = new NetworkRecorder(cdp);
    await cdp.send('Network.enable', { maxResourceBufferSize: 64 * 1024 * 1024, maxTotalBufferSize: 256 * 1024 * 1024 });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    cdp.on('Network.requestWillBeSent', (e) => {
      rec.lastActivity = Date.now();
      // data: URLs (icons inlined in the CSS) are no requests.
      if (rec.recording && !e.request.url.startsWith('data:')) {
        rec.started.add(e.requestId);
        rec.urls.set(e.requestId, e.request.url);
      }
    });
    cdp.on('Network.responseReceived', (e) => {
      rec.lastActivity = Date.now();
      if (!rec.started.has(e.requestId)) return;
      rec.pending.set(e.requestId, {
        url: e.response.url,
        type: e.type ?? '',
        mime: e.response.mimeType ?? '',
        status: e.response.status,
        fromCache: Boolean(e.response.fromDiskCache || e.response.fromServiceWorker),
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      rec.lastActivity = Date.now();
      const r = rec.pending.get(e.requestId);
      if (!r) return;
      rec.pending.delete(e.requestId);
      rec.started.delete(e.requestId);
      rec.bodies.push(
        (async () => {
          let body = Buffer.alloc(0);
          try {
            const b = (await rec.cdp.send('Network.getResponseBody', { requestId: e.requestId })) as {
              body: string;
              base64Encoded: boolean;
            };
            body = Buffer.from(b.body, b.base64Encoded ? 'base64' : 'utf8');
          } catch {
            /* redirects and empty bodies have none */
          }
          const u = new URL(r.url);
          const category = categoryOf(r.type, r.mime, r.url);
          rec.entries.push({
            url: r.url,
            path: u.pathname + u.search,
            status: r.status,
            category,
            mimeType: r.mime,
            transfer: e.encodedDataLength,
            raw: body.length,
            ...(category === 'js' && body.length ? precompressedSizes(body) : { gzip: body.length ? gzipSize(body) : 0, brotli: 0 }),
            fromCache: r.fromCache,
          });
        })(),
      );
    });
    cdp.on('Network.loadingFailed', (e) => {
      rec.lastActivity = Date.now();
      const url = rec.urls.get(e.requestId);
      if (rec.started.has(e.requestId) && url) rec.failed.push(`${url} (${e.errorText})`);
      rec.pending.delete(e.requestId);
      rec.started.delete(e.requestId);
    });
    return rec;
  }

  start(): void {
    this.entries = [];
    this.failed = [];
    this.recording = true;
    this.lastActivity = Date.now();
  }

  /** Stops recording and returns what was fetched since start(). */
  async stop(): Promise<Fetched[]> {
    this.recording = false;
    await Promise.all(this.bodies);
    const out = this.entries;
    this.entries = [];
    return out;
  }

  inFlight(): number {
    return this.started.size;
  }

  /** Waits until nothing has been in flight for `quietMs` (at most `maxMs`). */
  async waitForQuiet(quietMs = 500, maxMs = 20_000): Promise<void> {
    const t0 = Date.now();
    while (Date.now() - t0 < maxMs) {
      if (this.inFlight() === 0 && Date.now() - this.lastActivity >= quietMs) return;
      await sleep(50);
    }
  }
}

export interface Weight {
  requests: number;
  transfer: number;
  raw: number;
  gzip: number;
  brotli: number;
}

export type Weights = Record<Category | 'total', Weight>;

export function weigh(entries: Fetched[]): Weights {
  const empty = (): Weight => ({ requests: 0, transfer: 0, raw: 0, gzip: 0, brotli: 0 });
  const out = {
    html: empty(),
    js: empty(),
    css: empty(),
    json: empty(),
    image: empty(),
    font: empty(),
    other: empty(),
    total: empty(),
  } as Weights;
  for (const e of entries) {
    for (const w of [out[e.category], out.total]) {
      w.requests++;
      w.transfer += e.transfer;
      w.raw += e.raw;
      w.gzip += e.gzip;
      w.brotli += e.brotli;
    }
  }
  return out;
}

export function sizesOf(w: Weight): Sizes {
  return { raw: w.raw, gzip: w.gzip };
}
