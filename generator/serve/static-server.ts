import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { canonicalPath } from '@vitrina-docs/schemas/paths';

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
};

export interface StaticServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Resolves a request path to a file of `dir` the way the nginx configuration does. */
export function resolveStatic(dir: string, urlPath: string): { file: string; status: number } | { redirect: string } {
  let path = decodeURIComponent(urlPath);
  const clean = canonicalPath(path);
  if (/\/index(\.html)?$/.test(path)) return { redirect: clean };
  if (path.length > 1 && path.endsWith('/')) return { redirect: clean };
  path = normalize(path).replace(/^(\.\.[/\\])+/, '');
  const direct = join(dir, path);
  if (existsSync(direct) && statSync(direct).isFile()) return { file: direct, status: 200 };
  const asDir = join(dir, path, 'index.html');
  if (existsSync(asDir)) return { file: asDir, status: 200 };
  return { file: join(dir, '404.html'), status: 404 };
}

/** The manifest with analytics switched off: a local preview is not a reader's visit. */
function manifestWithoutAnalytics(file: string): string {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { site: { analytics: unknown } };
  manifest.site.analytics = { provider: 'none' };
  return JSON.stringify(manifest);
}

/**
 * A small static server for `preview` and the dev server: clean URLs, redirects, 404.html.
 * Unless `analytics` is set, it serves the manifest with analytics off (the files stay as built).
 */
export function startStaticServer(opts: { dir: string; host?: string; port?: number; analytics?: boolean }): Promise<StaticServer> {
  const manifestFile = join(opts.dir, 'manifest.json');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const r = resolveStatic(opts.dir, url.pathname);
    if ('redirect' in r) {
      res.writeHead(301, { location: r.redirect + url.search });
      res.end();
      return;
    }
    if (!existsSync(r.file)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const hashed = /\/assets\/|\.[0-9a-f]{10}\.(json|css)$/.test(r.file);
    res.writeHead(r.status, {
      'content-type': CONTENT_TYPES[extname(r.file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (!opts.analytics && r.file === manifestFile) res.end(req.method === 'HEAD' ? undefined : manifestWithoutAnalytics(r.file));
    else createReadStream(r.file).pipe(res);
  });
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
