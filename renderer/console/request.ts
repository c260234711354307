/**
 * The request the console sends, built from the operation's console data and what the reader
 * typed: pure, so that the samples and the tests build the very same request.
 */
import type { ApiConsoleData } from '@vitrina-docs/schemas';

export type Parameter = ApiConsoleData['parameters'][number];

/** The key of a parameter's value in the form: `query:page`. */
export function paramKey(p: Pick<Parameter, 'in' | 'name'>): string {
  return `${p.in}:${p.name}`;
}

/** The form's first values: required parameters filled with their examples, the others empty. */
export function initialValues(data: ApiConsoleData): Record<string, string> {
  return Object.fromEntries(data.parameters.map((p) => [paramKey(p), p.required ? (p.example ?? '') : '']));
}

/** The body editor's first text: the description's example, pretty-printed. */
export function initialBody(data: ApiConsoleData): string {
  return data.requestBody ? JSON.stringify(data.requestBody.example ?? {}, null, 2) : '';
}

export interface RequestInput {
  /** Server URL without a trailing slash, e.g. https://api.vitrina.example/api/v1.5 */
  base: string;
  values: Record<string, string>;
  body: string;
  token: string;
}

export interface BuiltRequest {
  method: ApiConsoleData['method'];
  url: string;
  headers: [string, string][];
  body: string | null;
}

/** The URL, headers and body of the request (parameters left empty are left out). */
export function buildRequest(data: ApiConsoleData, input: RequestInput): BuiltRequest {
  const value = (p: Parameter) => (input.values[paramKey(p)] ?? '').trim();
  const path = data.path.replace(/\{([^}]+)\}/g, (all, name: string) => {
    const p = data.parameters.find((x) => x.in === 'path' && x.name === name);
    return p && value(p) ? encodeURIComponent(value(p)) : all;
  });
  const query = new URLSearchParams();
  for (const p of data.parameters) if (p.in === 'query' && value(p)) query.append(p.name, value(p));
  const headers: [string, string][] = [['Accept', 'application/json']];
  for (const p of data.parameters) if (p.in === 'header' && value(p)) headers.push([p.name, value(p)]);
  if (data.auth && input.token.trim()) headers.push([data.auth.header, `${data.auth.prefix}${input.token.trim()}`]);
  const hasBody = data.requestBody !== null && input.body.trim() !== '';
  if (hasBody) headers.push(['Content-Type', data.requestBody!.contentType]);
  const search = query.toString();
  return {
    method: data.method,
    url: `${input.base.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`,
    headers,
    body: hasBody ? input.body : null,
  };
}

/** The required parameters left empty. */
export function missingParameters(data: ApiConsoleData, values: Record<string, string>): Parameter[] {
  return data.parameters.filter((p) => p.required && !(values[paramKey(p)] ?? '').trim());
}

/**
 * A typed value as the schema reads it (`"2"` is 2 for an integer, `"true"` is true for a
 * boolean, `"a,b"` is a list for an array), for checking it against the parameter's schema.
 */
export function typedValue(schema: Record<string, unknown>, text: string): unknown {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('array')) return text.split(',').map((t) => typedValue((schema.items as Record<string, unknown>) ?? {}, t.trim()));
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
