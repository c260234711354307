/**
 * What `preview` and `dev` refuse before serving anything, as the production server does:
 *
 * - a `Host` that is not this machine's (403): the servers listen on 127.0.0.1, but a hostile
 *   web page can still reach them through DNS rebinding (its own name resolving to 127.0.0.1)
 *   and read the site or the dev server's state. Allowed: `localhost`, `127.0.0.1`, `[::1]`, the
 *   address given with `--host`, and when that is a wildcard (0.0.0.0, ::), this machine's
 *   addresses (as Vite's `server.allowedHosts`);
 * - a hidden path, a file or folder whose name starts with a dot (403), except `/.well-known/`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';

/** The `Host` names a server listening on `listen` answers. */
export function allowedHosts(listen: string): Set<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]']);
  const name = (address: string) => (address.includes(':') ? `[${address}]` : address).toLowerCase();
  hosts.add(name(listen.replace(/^\[|\]$/g, '')));
  if (listen === '0.0.0.0' || listen === '::' || listen === '[::]')
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) hosts.add(name(a.address.replace(/%.*$/, '')));
  return hosts;
}

/** The host name of a `Host` header, without the port, in lower case (`[::1]:4300` → `[::1]`). */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(\[[^\]]*\]|[^:]*)(?::\d*)?$/.exec(header.trim());
  return m ? m[1]!.toLowerCase().replace(/\.$/, '') : null;
}

/** A path with a segment that starts with a dot (`/.env`, `/img/.git/config`), other than `/.well-known/…`. */
export function isHiddenUrlPath(path: string): boolean {
  return path.split('/').some((part, i, all) => part.startsWith('.') && !(part === '.well-known' && i < all.length - 1));
}

/** Answers a refused request with the server's security headers (and returns true), or returns false for one to serve. */
export function refuseRequest(
  req: IncomingMessage,
  res: ServerResponse,
  hosts: ReadonlySet<string>,
  path: string,
  headers: Readonly<Record<string, string>>,
): boolean {
  const host = hostName(req.headers.host);
  if (host === null || !hosts.has(host)) {
    const where = `127.0.0.1:${req.socket.localPort ?? ''}`;
    res
      .writeHead(403, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
      .end(
        `403: this server answers only requests for ${[...hosts].join(', ')}, not for "${req.headers.host ?? ''}" ` +
          `(a guard against DNS rebinding). Open http://${where}/ instead, or start the server with --host ${host ?? '<name>'}.\n`,
      );
    return true;
  }
  if (isHiddenUrlPath(path)) {
    res
      .writeHead(403, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
      .end('403: hidden files are not served\n');
    return true;
  }
  return false;
}
