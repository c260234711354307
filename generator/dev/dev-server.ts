import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { watch } from 'chokidar';
import type { Diagnostic } from '@vitrina-docs/schemas';
import { formatDiagnostics, summarise } from '../diagnostics.ts';
import { allowedHosts, refuseRequest } from '../serve/request-guard.ts';
import { devPolicy, policyFor, securityHeaders } from '../serve/security-headers.ts';
import { plainQuery } from '../serve/redirect-location.ts';
import { safeHandler } from '../serve/safe-handler.ts';
import { contentDisposition } from '../pipeline/static-types.ts';
import { decodePath } from '../serve/static-server.ts';
import { DevOutput } from './dev-output.ts';
import { FALLBACK_CSS } from './fallback-page.ts';
import { DevSite, type SiteUpdate } from './dev-site.ts';
import { loadRenderer, rendererFiles } from './renderer-entry.ts';

export interface DevServerOptions {
  root: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Where the terminal lines go (default: nowhere). */
  log?: (line: string) => void;
  /** Send page views to the site's analytics service (default: off, writers are not readers). */
  analytics?: boolean;
}

export interface DevServer {
  url: string;
  site: DevSite;
  /** Browsers listening for updates now. */
  connections(): number;
  /** Resolves with the next update that has been applied and sent to the browsers. */
  nextUpdate(): Promise<SiteUpdate>;
  close(): Promise<void>;
}

/** Edits arriving within this many ms are applied together (an editor's save is often several events). */
const SETTLE_MS = 15;

/** The browser script, beside this module in the sources (from lib/dev/: ../../dev/client/). */
function devClientSource(): string {
  const candidates = [new URL('./client/dev-client.js', import.meta.url), new URL('../../dev/client/dev-client.js', import.meta.url)];
  for (const url of candidates) {
    const path = fileURLToPath(url);
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  throw new Error('generator/dev/client/dev-client.js is missing');
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false; // gone, or a path below a file
  }
}

function time(): string {
  return new Date().toTimeString().slice(0, 8);
}

/**
 * `vitrina-docs dev`: builds the site into memory, serves it on 127.0.0.1 with the dev client
 * in every page, watches content/ and tells the browsers (Server-Sent Events) what each
 * edit changed.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const site = new DevSite(options.root, { analytics: options.analytics });
  const first = await site.start();
  const rendererStamp = () => {
    const { server } = rendererFiles(options.root);
    return existsSync(server) ? statSync(server).mtimeMs : 0;
  };
  let renderer = await loadRenderer(options.root);
  const output = new DevOutput(site, renderer);
  const client = devClientSource();
  const session = Math.random().toString(36).slice(2);
  const streams = new Set<ServerResponse>();
  const waiting: ((u: SiteUpdate) => void)[] = [];

  // An update that threw: shown in the browser (as an error of the files it was for) until the next one succeeds.
  let failure: Diagnostic[] = [];
  const diagnosticsView = () => {
    const view = site.diagnosticsView();
    return failure.length ? { ...view, site: [...view.site, ...failure] } : view;
  };
  const message = (type: 'hello' | 'update', update?: SiteUpdate) => ({
    type,
    session,
    version: site.version,
    changed: update?.changed ?? [],
    manifestChanged: update?.manifestChanged ?? false,
    dataUrls: Object.fromEntries((update?.changed ?? []).map((p) => [p, `${site.dataUrlOf.get(p) ?? ''}?v=${site.version}`])),
    diagnostics: diagnosticsView(),
  });
  const send = (res: ServerResponse, data: unknown) => res.write(`event: state\ndata: ${JSON.stringify(data)}\n\n`);

  const hosts = allowedHosts(options.host ?? '127.0.0.1');
  const server = createServer(
    safeHandler((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = decodePath(url.pathname);
      // The production server's security headers on every answer, so that the preview runs under the same CSP.
      const headers = securityHeaders(policyFor(path ?? url.pathname, devPolicy(renderer?.scriptHashes ?? [], site.apiOrigins())));
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (path === null) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('400: the path does not decode\n');
        return;
      }
      if (refuseRequest(req, res, hosts, path, headers)) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      if (url.pathname === '/__vitrina/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        res.write('retry: 300\n\n');
        send(res, message('hello'));
        streams.add(res);
        req.on('close', () => streams.delete(res));
        return;
      }
      if (url.pathname === '/__vitrina/dev-client.js') {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(client);
        return;
      }
      if (url.pathname === '/__vitrina/fallback.css') {
        res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-store' }).end(FALLBACK_CSS);
        return;
      }
      if (url.pathname === '/__vitrina/state') {
        res
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
          .end(JSON.stringify(message('hello')));
        return;
      }
      const r = output.resolve(url.pathname);
      if ('redirect' in r) {
        res.writeHead(301, { location: r.redirect + plainQuery(url.search) }).end();
        return;
      }
      const disposition = contentDisposition(url.pathname);
      res.writeHead(r.status, {
        'content-type': r.type,
        'cache-control': 'no-store',
        ...(disposition && r.status === 200 ? { 'content-disposition': disposition } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : r.body);
    }, log),
  );

  // Edits are applied one batch at a time, in order.
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const apply = () => {
    timer = null;
    const batch = [...pending];
    pending = new Set();
    running = running.then(async () => {
      let update: SiteUpdate;
      const version = site.version;
      try {
        update = await site.update(batch);
        if (site.version === version) return; // editor swap files and the like
      } catch (e) {
        log(`[${time()}] update failed: ${(e as Error).stack ?? String(e)}`);
        const reason = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
        failure = batch.map((abs) => ({
          file: relative(options.root, abs).split(sep).join('/'),
          line: 1,
          column: 1,
          severity: 'error' as const,
          code: 'update-failed',
          message: `the preview could not be updated for this file (${reason}); the last good version is shown`,
        }));
        for (const res of streams) send(res, message('update'));
        return;
      }
      failure = [];
      output.invalidate(update);
      for (const res of streams) send(res, message('update', update));
      setImmediate(() => output.prepare(update.changed));
      report(update);
      for (const resolve of waiting.splice(0)) resolve(update);
    });
  };
  const report = (u: SiteUpdate) => {
    const what =
      u.scope === 'site'
        ? `site rebuilt${u.manifestChanged ? ' (manifest changed)' : ''}`
        : u.changed.length
          ? u.changed.join(', ')
          : 'no page changed';
    log(`[${time()}] ${what} in ${u.ms} ms`);
    if (u.diagnostics.length) log(formatDiagnostics(u.diagnostics));
    for (const path of u.heldBack) log(`  ${path}: showing its last good version until the errors are fixed`);
  };

  const contentDir = join(options.root, 'content');
  const watcher = watch(contentDir, { ignoreInitial: true });
  const queue = (path: string) => {
    pending.add(path);
    timer ??= setTimeout(apply, SETTLE_MS);
  };
  watcher.on('all', (_event, path) => queue(path));
  // chokidar drops a change that comes within 5 ms of its previous event for the file, which
  // happens to quick successive saves on a busy machine. The raw fs.watch events are the
  // ground truth: every changed file goes into the batch too (an unchanged text costs nothing).
  watcher.on('raw', (event, name, details) => {
    const watched = (details as { watchedPath?: unknown }).watchedPath;
    if (event !== 'change' || typeof watched !== 'string' || !name) return;
    const path = [join(watched, name), watched].find(isFile);
    if (path) queue(path);
  });
  // The renderer is rebuilt by its own tool (npm run build:renderer): pick the new one up.
  let stamp = rendererStamp();
  const rendererPoll = setInterval(() => {
    const now = rendererStamp();
    if (now === stamp) return;
    stamp = now;
    running = running.then(async () => {
      renderer = await loadRenderer(options.root).catch(() => null);
      output.setRenderer(renderer);
      const update: SiteUpdate = {
        version: ++site.version,
        changed: [],
        manifestChanged: true,
        scope: 'site',
        diagnostics: [],
        heldBack: [],
        ms: 0,
      };
      for (const res of streams) send(res, message('update', update));
      log(`[${time()}] renderer ${renderer ? 'reloaded' : 'gone: plain preview pages'}`);
    });
  }, 1000);
  rendererPoll.unref();
  const keepAlive = setInterval(() => {
    for (const res of streams) res.write(': keep-alive\n\n');
  }, 15_000);
  keepAlive.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4300, options.host ?? '127.0.0.1', () => resolve());
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;

  const all = site.diagnostics();
  log(
    `vitrina-docs dev: ${site.served.size} pages ready in ${Math.round(performance.now() - started)} ms on ${url}/${options.analytics ? '' : ' (analytics off)'}`,
  );
  if (!renderer) log('  the renderer is not built (npm run build:renderer): pages are shown as plain previews');
  const errors = all.filter((d) => d.severity === 'error');
  if (errors.length) log(formatDiagnostics(errors));
  log(
    `  ${summarise(all)}${all.length > errors.length ? ' (vitrina-docs validate lists the warnings)' : ''}; watching content/ for changes`,
  );
  void first;

  return {
    url,
    site,
    connections: () => streams.size,
    nextUpdate: () => new Promise((resolve) => waiting.push(resolve)),
    close: async () => {
      clearInterval(rendererPoll);
      clearInterval(keepAlive);
      if (timer) clearTimeout(timer);
      await watcher.close();
      for (const res of streams) res.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await running;
    },
  };
}
