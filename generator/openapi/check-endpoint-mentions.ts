import { isUnder } from '@vitrina-docs/schemas/paths';
import type { Diagnostics } from '../diagnostics.ts';
import type { TransformedPage } from '../pipeline/transform.ts';
import { HTTP_METHODS, type OpenApiDescription } from './load-openapi.ts';

/** An endpoint written on a page: `GET /catalog/sku/{id}`, a curl command, an API URL. */
export interface EndpointMention {
  /** Upper case; null for a bare URL outside a curl command (any method will do). */
  method: string | null;
  /** The path as written, without query or fragment (`/api/v1.5/recognize/45120`). */
  written: string;
  line: number;
  column: number;
}

/** A server of a description: the host and the path prefix that select its version. */
export interface ApiServer {
  version: string;
  /** `api.vitrina.example` */
  host: string;
  /** `/api/v1.5` */
  prefix: string;
}

export function serverOf(api: OpenApiDescription): ApiServer | null {
  try {
    const url = new URL(api.serverUrl);
    return { version: api.version, host: url.host, prefix: url.pathname.replace(/\/$/, '') };
  } catch {
    return null;
  }
}

const METHODS = HTTP_METHODS.map((m) => m.toUpperCase()).join('|');
/** `POST /recognize`, `GET https://api.vitrina.example/api/v1/visits/`, `GET /api/v1.5/catalog/sku/5012 HTTP/1.1`. */
const METHOD_PATH = new RegExp(`\\b(${METHODS})\\s+(?:https?://([^/\\s\`'"]+))?(/[^\\s\`'"|<>\\]\\\\]*)`, 'g');
const URL_RE = /https?:\/\/([^/\s`'"<>()[\]]+)(\/[^\s`'"|<>()[\]\\]*)?/g;
const SHELL = new Set(['bash', 'sh', 'shell', 'zsh', 'console']);

/** Trailing punctuation of a sentence, query and fragment are not part of the path. */
function cleanPath(path: string): string {
  return path.replace(/[?#].*$/, '').replace(/[.,;:!*)]+$/, '');
}

/** The method of a curl command: `-X`/`--request`, else GET with `-G`, else POST when it sends data, else GET. */
export function curlMethod(command: string): string {
  const explicit = /(?:^|\s)(?:-X\s*|--request[\s=]+)['"]?([A-Za-z]+)/.exec(command)?.[1];
  if (explicit) return explicit.toUpperCase();
  if (/(?:^|\s)(?:-G|--get)(?:\s|$)/.test(command)) return 'GET'; // the data goes into the query string
  return /(?:^|\s)(?:-d|--data(?:-raw|-binary|-urlencode)?|-F|--form|--json|-T|--upload-file)(?:\s|=|$)/.test(command) ? 'POST' : 'GET';
}

/**
 * Every endpoint a page's markdown names, with its position: METHOD + path anywhere (prose,
 * inline code, headings, tables, code), API URLs in curl commands of shell blocks (with the
 * command's method), and other API URLs (any method). `hosts` are the API servers' hosts.
 */
export function findEndpointMentions(source: string, hosts: ReadonlySet<string>): EndpointMention[] {
  const mentions: EndpointMention[] = [];
  const lines = source.split('\n');
  let fence: { marker: string; lang: string } | null = null;
  let command: { text: string; start: number } | null = null;
  /** Columns of each line already read as METHOD + path (its URL is not read again without the method). */
  const covered = new Map<number, [number, number][]>();
  const urlsOf = (text: string, posOf: (offset: number) => { line: number; column: number }, method: string | null) => {
    for (const u of text.matchAll(URL_RE)) {
      if (!hosts.has(u[1]!)) continue;
      const at = posOf(u.index);
      if (covered.get(at.line)?.some(([from, to]) => at.column >= from && at.column < to)) continue;
      mentions.push({ method, written: cleanPath(u[2] ?? '/'), ...at });
    }
  };
  lines.forEach((text, i) => {
    const open = /^\s*(`{3,}|~{3,})\s*([\w+-]*)/.exec(text);
    if (fence) {
      if (open && open[1]!.startsWith(fence.marker) && text.trim() === open[1]) {
        fence = null;
        command = null;
        return;
      }
    } else if (open) {
      fence = { marker: open[1]!, lang: open[2]!.toLowerCase() };
      return;
    }
    for (const m of text.matchAll(METHOD_PATH)) {
      if (m[2] && !hosts.has(m[2])) continue; // another service's URL (the customer's own backend)
      mentions.push({ method: m[1]!, written: cleanPath(m[3]!), line: i + 1, column: m.index + 1 });
      covered.set(i + 1, [...(covered.get(i + 1) ?? []), [m.index + 1, m.index + m[0].length + 1]]);
    }
    if (fence && SHELL.has(fence.lang)) {
      // A shell command may go on over several lines ending in `\`.
      command = command ? { text: `${command.text}\n${text}`, start: command.start } : { text, start: i };
      if (/\\\s*$/.test(text)) return;
      const cmd: { text: string; start: number } = command;
      command = null;
      urlsOf(cmd.text, offsetToPos(cmd.text, cmd.start), /\bcurl\b/.test(cmd.text) ? curlMethod(cmd.text) : null);
      return;
    }
    urlsOf(text, (offset) => ({ line: i + 1, column: offset + 1 }), null);
  });
  return mentions;
}

function offsetToPos(text: string, startLine: number): (offset: number) => { line: number; column: number } {
  return (offset) => {
    const before = text.slice(0, offset).split('\n');
    return { line: startLine + before.length, column: before[before.length - 1]!.length + 1 };
  };
}

/** `{id}`, `$id`, `${id}`, `<id>`, `:id` stand for a path parameter. */
function isPlaceholder(segment: string): boolean {
  return /^(\{[^}]*\}|\$\{?\w+\}?|<[^>]+>|:\w+)$/.test(segment);
}

function segments(path: string): string[] {
  return path.replace(/\/+$/, '').split('/').slice(1);
}

/** Whether a written path is an instance of a template: `/recognize/45120` of `/recognize/{id}`. */
export function pathMatches(written: string, template: string): boolean {
  const a = segments(written);
  const b = segments(template);
  if (a.length !== b.length) return false;
  return b.every((t, i) => (t.startsWith('{') && t.endsWith('}') ? a[i] !== '' : t === a[i] && !isPlaceholder(a[i]!)));
}

/**
 * An endpoint written on an API or SDK page (the api sidebar) must exist in the OpenAPI
 * description of its version: a path with a version prefix (`/api/v1.5/…`, or a full URL)
 * in that version; a path without one in the page's version, or on a page shared by the
 * versions in any of them. Reported as `unknown-endpoint` at the mention.
 */
export function checkEndpointMentions(
  pages: readonly TransformedPage[],
  apis: ReadonlyMap<string, OpenApiDescription>,
  diagnostics: Diagnostics,
): void {
  const servers = [...apis.values()]
    .map(serverOf)
    .filter((s): s is ApiServer => s !== null)
    .sort((a, b) => b.prefix.length - a.prefix.length);
  if (!servers.length) return;
  const hosts = new Set(servers.map((s) => s.host));
  for (const page of pages) {
    if (page.sidebar !== 'api') continue;
    for (const m of findEndpointMentions(page.src.source, hosts)) {
      const server = servers.find((s) => isUnder(m.written, s.prefix));
      const path = server ? m.written.slice(server.prefix.length) : m.written;
      if (server && (path === '' || path === '/')) continue; // the base URL of a version
      const versions = server ? [server.version] : page.version && apis.has(page.version) ? [page.version] : servers.map((s) => s.version);
      const candidates = versions.map((v) => apis.get(v)!).filter(Boolean);
      const found = candidates.some((api) =>
        [...api.operations.values()].some((op) => pathMatches(path, op.path) && (!m.method || op.method.toUpperCase() === m.method)),
      );
      if (found) continue;
      const written = `${m.method ? `${m.method} ` : ''}${m.written}`;
      const otherMethods = candidates.flatMap((api) =>
        [...api.operations.values()].filter((op) => pathMatches(path, op.path)).map((op) => `${op.method.toUpperCase()} ${op.path}`),
      );
      const where = candidates.map((a) => a.file).join(' or ');
      diagnostics.error(
        page.src.file,
        m.line,
        m.column,
        'unknown-endpoint',
        `${written} is not an operation of ${where}${otherMethods.length ? ` (it has ${[...new Set(otherMethods)].join(', ')})` : ''}: add it to the description or correct the page`,
      );
    }
  }
}
