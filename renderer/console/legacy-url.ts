/**
 * Node's legacy `url.parse` and `url.format`, as far as @readme/httpsnippet uses them (an
 * absolute http(s) URL, its query parsed into an object; put back together from protocol, host,
 * pathname and search), on the browser's URL: the client build resolves httpsnippet's `url`
 * import here (renderer/vite.config.ts), since browsers have no Node built-ins.
 */
export interface LegacyUrl {
  protocol: string;
  slashes: boolean;
  auth: null;
  host: string;
  port: string | null;
  hostname: string;
  hash: string | null;
  search: string | null;
  query: Record<string, string | string[]> | string;
  pathname: string;
  path: string;
  href: string;
}

export function parse(href: string, parseQuery = false): LegacyUrl {
  const url = new URL(href);
  const query: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of url.searchParams) {
    const old = query[name];
    query[name] = old === undefined ? value : [...([] as string[]).concat(old), value];
  }
  return {
    protocol: url.protocol,
    slashes: true,
    auth: null,
    host: url.host,
    port: url.port || null,
    hostname: url.hostname,
    hash: url.hash || null,
    search: url.search || null,
    query: parseQuery ? query : url.search.slice(1),
    pathname: url.pathname,
    path: url.pathname + url.search,
    href: url.href,
  };
}

export function format(url: Partial<Pick<LegacyUrl, 'protocol' | 'host' | 'pathname' | 'search' | 'hash'>>): string {
  const search = url.search ? (url.search.startsWith('?') ? url.search : `?${url.search}`) : '';
  return `${url.protocol ?? ''}//${url.host ?? ''}${url.pathname ?? ''}${search}${url.hash ?? ''}`;
}

export default { parse, format };
