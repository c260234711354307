import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { canonicalPath } from '@vitrina-docs/schemas/paths';
import { acceptsMarkdown, markdownLink, markdownOf } from './markdown-negotiation.ts';
import { allowedHosts, refuseRequest } from './request-guard.ts';
import { plainQuery, redirectLocation } from './redirect-location.ts';
import { safeHandler } from './safe-handler.ts';
import { contentDisposition } from '../pipeline/static-types.ts';
import { builtSitePolicy, policyFor, securityHeaders } from './security-headers.ts';
import { precacheEntry, readPrecache, serviceWorkerScript } from '../publish/service-worker.ts';
import { MANIFEST_PATH, SERVICE_WORKER_URL } from '../site-paths.ts';

/** Content types by file extension. */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.csv': 'text/csv; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** The decoded path of a request, or null when it does not decode. */
export function decodePath(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
}

/** True when `file` is inside `dir` once links are resolved (no link leads out of the served folder). */
function inside(dir: string, file: string): boolean {
  try {
    const root = realpathSync(dir);
    const real = realpathSync(file);
    return real === root || real.startsWith(root + sep);
  } catch {
    return false;
  }
}

/** Resolves a request path to a file of `dir` the way the nginx configuration does. */
export function resolveStatic(dir: string, urlPath: string): { file: string; status: number } | { redirect: string } {
  let path = decodePath(urlPath) ?? '/';
  const notFound = { file: join(dir, '404.html'), status: 404 };
  if (/\/index(\.html)?$/.test(path) || (path.length > 1 && path.endsWith('/'))) {
    const location = redirectLocation(canonicalPath(path));
    return location ? { redirect: location } : notFound;
  }
  path = normalize(path).replace(/^(\.\.[/\\])+/, '');
  // What the build writes for the deploy (the nginx CSP directive) is not the site's (nginx: 404).
  if (/^[/\\]_deploy([/\\]|$)/.test(path)) return notFound;
  const direct = join(dir, path);
  if (existsSync(direct) && statSync(direct).isFile()) return inside(dir, direct) ? { file: direct, status: 200 } : notFound;
  const asDir = join(dir, path, 'index.html');
  if (existsSync(asDir)) return inside(dir, asDir) ? { file: asDir, status: 200 } : notFound;
  // A missing path under a locale prefix (`/en/…`) gets that locale's not-found page.
  const prefix = /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1];
  const localised = prefix ? join(dir, prefix, '404.html') : null;
  return localised && existsSync(localised) ? { file: localised, status: 404 } : notFound;
}

/** The manifest with analytics switched off: a local preview is not a reader's visit. */
function manifestWithoutAnalytics(file: string): string {
  const text = readFileSync(file, 'utf8');
  let manifest: { site?: { analytics?: unknown } };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch {
    return text; // not a manifest this server can change: served as built
  }
  if (!manifest?.site || typeof manifest.site !== 'object') return text;
  manifest.site.analytics = { provider: 'none' };
  return JSON.stringify(manifest);
}

/**
 * The service worker for a manifest served changed: its precache entry of the manifest names
 * the served manifest's hash, or the worker would refuse it (and with it, offline reading).
 */
function serviceWorkerFor(file: string, manifest: string): string {
  const script = readFileSync(file, 'utf8');
  let precache: ReturnType<typeof readPrecache>;
  try {
    precache = readPrecache(script);
    if (!Array.isArray(precache?.shared)) return script;
  } catch {
    return script; // a worker without a precache list (one that withdraws the offline copy): served as built
  }
  precache.shared = precache.shared.map((e) => (e.url === MANIFEST_PATH ? precacheEntry(e.url, Buffer.from(manifest), false) : e));
  return script.replace(/^self\.__VITRINA_PRECACHE__=.*;$/m, () => serviceWorkerScript(precache, '').trimEnd());
}

/**
 * A small static server for `preview` and the dev server: clean URLs, redirects, 404.html, the
 * production security headers; it refuses other hosts' requests, hidden files and links out of
 * the folder. Unless `analytics` is set, it serves the manifest with analytics off (the files
 * stay as built).
 */
export function startStaticServer(opts: { dir: string; host?: string; port?: number; analytics?: boolean }): Promise<StaticServer> {
  const hosts = allowedHosts(opts.host ?? '127.0.0.1');
  const manifestFile = join(opts.dir, 'manifest.json');
  const serviceWorkerFile = join(opts.dir, SERVICE_WORKER_URL.slice(1));
  const server = createServer(
    safeHandler((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = decodePath(url.pathname);
      // The build's own policy (its inline code changes with every build of new code): read per request.
      const headers = securityHeaders(policyFor(path ?? url.pathname, builtSitePolicy(opts.dir)));
      if (path === null) {
        res.writeHead(400, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('400: the path does not decode\n');
        return;
      }
      if (refuseRequest(req, res, hosts, path, headers)) return;
      let r = resolveStatic(opts.dir, url.pathname);
      // A page: its markdown when the request asks for it, else the HTML with a Link to it.
      const md = 'file' in r && r.status === 200 && r.file.endsWith('index.html') ? markdownOf(opts.dir, path) : null;
      if (md) {
        headers.vary = 'Accept';
        if (acceptsMarkdown(req.headers.accept)) r = { file: join(opts.dir, md), status: 200 };
        else headers.link = markdownLink(md);
      }
      if ('redirect' in r) {
        res.writeHead(301, { ...headers, location: r.redirect + plainQuery(url.search) });
        res.end();
        return;
      }
      if (!existsSync(r.file)) {
        res.writeHead(404, { ...headers, 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      const hashed = /\/assets\/|\.[0-9a-f]{10}\.(json|css)$/.test(r.file);
      res.writeHead(r.status, {
        ...headers,
        'content-type': CONTENT_TYPES[extname(r.file)] ?? 'application/octet-stream',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(contentDisposition(r.file) ? { 'content-disposition': contentDisposition(r.file)! } : {}),
        // The site's data is public: apps on other origins embed its pages and search it (as deploy/nginx).
        ...(r.status === 200 && r.file.endsWith('.json') ? { 'access-control-allow-origin': '*' } : {}),
      });
      if (!opts.analytics && r.file === manifestFile) res.end(req.method === 'HEAD' ? undefined : manifestWithoutAnalytics(r.file));
      else if (!opts.analytics && r.file === serviceWorkerFile && existsSync(manifestFile))
        res.end(req.method === 'HEAD' ? undefined : serviceWorkerFor(r.file, manifestWithoutAnalytics(manifestFile)));
      else
        createReadStream(r.file)
          .on('error', () => res.destroy())
          .pipe(res);
    }),
  );
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 4173, opts.host ?? '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : opts.port;
      resolvePromise({
        server,
        url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
