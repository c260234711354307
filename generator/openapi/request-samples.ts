/**
 * Request samples of an operation in the languages integrators use, generated from the
 * description with @readme/httpsnippet (from a HAR request built of the operation's examples):
 * the first server, the example values of the path parameters and of the required query
 * parameters, the example body, and the key as `<api_key>`.
 */
import { HTTPSnippet, type HarRequest } from '@readme/httpsnippet';
import type { ApiConsoleData } from '@vitrina-docs/schemas';

type Sample = ApiConsoleData['samples'][number];

/** The languages, in the order the console offers them. */
export const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', target: 'shell', client: 'curl' },
  { id: 'python', label: 'Python (requests)', target: 'python', client: 'requests' },
  { id: 'javascript', label: 'JavaScript (fetch)', target: 'javascript', client: 'fetch' },
  { id: 'java', label: 'Java (java.net.http)', target: 'java', client: 'nethttp' },
  { id: 'csharp', label: 'C# (HttpClient)', target: 'csharp', client: 'httpclient' },
] as const;

/** The HAR request of an operation with its examples; `base` replaces the first server's URL. */
export function exampleHar(data: Omit<ApiConsoleData, 'samples'>, base = data.servers[0]?.url ?? ''): HarRequest {
  const example = (name: string, where: string) => data.parameters.find((p) => p.in === where && p.name === name)?.example ?? '';
  const path = data.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(example(name, 'path') || `{${name}}`));
  const headers = [{ name: 'Accept', value: 'application/json' }];
  if (data.auth) headers.push({ name: data.auth.header, value: `${data.auth.prefix}<api_key>` });
  const body = data.requestBody;
  if (body) headers.push({ name: 'Content-Type', value: body.contentType });
  return {
    method: data.method,
    url: `${base}${path}`,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers,
    queryString: data.parameters
      .filter((p) => p.in === 'query' && p.required && p.example !== undefined)
      .map((p) => ({ name: p.name, value: p.example! })),
    headersSize: -1,
    bodySize: -1,
    ...(body ? { postData: { mimeType: body.contentType, text: JSON.stringify(body.example ?? {}) } } : {}),
  } as HarRequest;
}

/** One sample per language. */
export function requestSamples(data: Omit<ApiConsoleData, 'samples'>, base?: string): Sample[] {
  const snippet = new HTTPSnippet(exampleHar(data, base));
  return SAMPLE_LANGUAGES.map(({ id, label, target, client }) => {
    const out = snippet.convert(target, client);
    const code = Array.isArray(out) ? out.join('\n') : out;
    if (!code) throw new Error(`httpsnippet made no ${label} sample for ${data.operationId}`);
    return { id, label, code };
  });
}
