/**
 * The request samples of the request the reader is making in the console (the values typed,
 * the body, the base URL chosen), made in the browser with the library that makes the build's
 * samples (@readme/httpsnippet). The key is never put in: `<api_key>` stands for it.
 */
import { HTTPSnippet, type HarRequest } from '@readme/httpsnippet';
import type { ApiConsoleData } from '@vitrina-docs/schemas';
import type { BuiltRequest } from './request.ts';

type Sample = ApiConsoleData['samples'][number];

/** What stands for the API key in every sample. */
export const KEY_PLACEHOLDER = '<api_key>';

/** httpsnippet's target and client of each language the build offers (generator/openapi/request-samples.ts). */
const CLIENTS: Record<string, [target: string, client: string]> = {
  curl: ['shell', 'curl'],
  python: ['python', 'requests'],
  javascript: ['javascript', 'fetch'],
  java: ['java', 'nethttp'],
  csharp: ['csharp', 'httpclient'],
};

function har(request: BuiltRequest): HarRequest {
  const contentType = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: request.headers.map(([name, value]) => ({ name, value })),
    queryString: [],
    headersSize: -1,
    bodySize: -1,
    ...(request.body !== null ? { postData: { mimeType: contentType ?? 'application/json', text: request.body } } : {}),
  } as HarRequest;
}

/** The samples of `request` in the languages of `languages` (the build's samples, in their order). */
export function liveSamples(request: BuiltRequest, languages: readonly Sample[]): Sample[] {
  const snippet = new HTTPSnippet(har(request));
  return languages.map(({ id, label }) => {
    const client = CLIENTS[id];
    const out = client ? snippet.convert(client[0] as Parameters<HTTPSnippet['convert']>[0], client[1]) : false;
    const code = Array.isArray(out) ? out.join('\n') : out;
    if (!code) throw new Error(`httpsnippet made no ${label} sample`);
    return { id, label, code };
  });
}
