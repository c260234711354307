/**
 * One exchange of the console: a request sent from the browser, or answered by the mock built
 * from the description's examples. A request that gets no readable answer says why.
 */
import type { ApiConsoleData } from '@vitrina-docs/schemas';
import type { BuiltRequest } from './request.ts';

export type Response = ApiConsoleData['responses'][number];

export interface Exchange {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** Milliseconds from sending to the whole body read. */
  ms: number;
  /** The body as text, and as JSON when it is JSON. */
  text: string;
  json?: unknown;
  mock: boolean;
}

export type Failure = { kind: 'network' } | { kind: 'blocked'; url: string };

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' };

/** The documented response of a status: the status itself, else its class (`4XX`), else `default`. */
export function responseFor(data: ApiConsoleData, status: number): Response | undefined {
  const s = String(status);
  return (
    data.responses.find((r) => r.status === s) ??
    data.responses.find((r) => r.status.toUpperCase() === `${s[0]}XX`) ??
    data.responses.find((r) => r.status === 'default')
  );
}

/** The mock's answer: the first success response of the description, with its example. */
export function mockExchange(data: ApiConsoleData): Exchange {
  const success = data.responses.find((r) => /^2/.test(r.status)) ?? data.responses[0];
  const status = Number(/^\d{3}$/.test(success?.status ?? '') ? success!.status : 200);
  const text = success?.example === undefined ? '' : JSON.stringify(success.example, null, 2);
  const headers: [string, string][] = [
    ...(success?.contentType ? ([['content-type', success.contentType]] as [string, string][]) : []),
    ...Object.entries(success?.headers ?? {}),
  ];
  return {
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers,
    ms: 0,
    text,
    ...(success?.example !== undefined ? { json: success.example } : {}),
    mock: true,
  };
}

/**
 * Sends the request with fetch (no cookies: the key goes in its header only). A fetch that
 * fails gives no reason to a page; the site's Content-Security-Policy reports its own refusals
 * as an event, which tells "blocked here" from "unreachable or refused by CORS".
 */
export async function sendRequest(request: BuiltRequest): Promise<Exchange | Failure> {
  let blocked: string | null = null;
  const onViolation = (e: SecurityPolicyViolationEvent) => {
    if (e.effectiveDirective === 'connect-src') blocked = e.blockedURI;
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  const started = performance.now();
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    const text = await response.text();
    const ms = Math.round(performance.now() - started);
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
      ms,
      text: json === undefined ? text : JSON.stringify(json, null, 2),
      ...(json !== undefined ? { json } : {}),
      mock: false,
    };
  } catch {
    // The violation event is dispatched asynchronously: give it a turn to arrive.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return blocked !== null ? { kind: 'blocked', url: request.url } : { kind: 'network' };
  } finally {
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}

/** The API's own message in an error body (`error.message`), or a problem document's (`detail`, `title`). */
export function errorMessage(json: unknown): string {
  const body = (json ?? {}) as { error?: { message?: unknown }; detail?: unknown; title?: unknown; message?: unknown };
  for (const m of [body.error?.message, body.detail, body.message, body.title]) if (typeof m === 'string' && m) return m;
  return '';
}
