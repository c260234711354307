/**
 * The data of the "Try it" console (schemas/console.ts), one file per operation of each
 * description and locale (the examples in the page's language): the request's parts with example values, the response examples that mock mode
 * answers with (the description's own, else made from the schema with openapi-sampler), and the
 * schemas the console checks the request body and the answers against.
 */
import { parse } from 'yaml';
import { sample } from 'openapi-sampler';
import { LOCALES, type ApiConsoleData } from '@vitrina-docs/schemas';
import type { HTTP_METHODS } from './load-openapi.ts';
import { type JsonSchema, type OpenApiDescription } from './load-openapi.ts';
import { localizeExamples } from './localized-examples.ts';
import { consoleUrl } from './operation-view.ts';
import { requestSamples } from './request-samples.ts';

type Obj = Record<string, unknown>;

function lookup(doc: Obj, ref: string): unknown {
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) node = (node as Obj | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

/** A parameter, response, header or request body with its own `$ref` followed (siblings win). */
function deref(doc: Obj, node: unknown): Obj {
  let obj = (node ?? {}) as Obj;
  for (let i = 0; i < 10 && typeof obj.$ref === 'string' && !obj.$ref.startsWith('#/components/schemas/'); i++) {
    const { $ref, ...siblings } = obj;
    obj = { ...((lookup(doc, $ref as string) ?? {}) as Obj), ...siblings };
  }
  return obj;
}

/** The names of the component schemas a node refers to, directly or through other schemas. */
function referencedSchemas(doc: Obj, roots: unknown[]): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node as Obj)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        const name = v.slice('#/components/schemas/'.length);
        if (!names.has(name)) {
          names.add(name);
          walk(lookup(doc, v));
        }
      } else walk(v);
    }
  };
  roots.forEach(walk);
  return names;
}

function jsonMedia(holder: Obj): { type: string; media: Obj } | null {
  const content = holder.content as Record<string, Obj> | undefined;
  if (!content) return null;
  const type = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0];
  return type ? { type, media: content[type] ?? {} } : null;
}

function exampleOf(
  doc: Obj,
  media: Obj,
  schema: JsonSchema | undefined,
  skip: { skipReadOnly?: boolean; skipWriteOnly?: boolean },
): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples ?? {}) as Record<string, unknown>)[0];
  if (first !== undefined) return deref(doc, first).value;
  if (!schema) return undefined;
  return sample(schema as never, skip, doc as never);
}

function asText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** "sent as `Token <api_key>`": the word before the key, as an API key scheme's description gives it (`Token `). */
export function keyPrefix(scheme: Obj): string {
  return /`(\w+) <[^>`]+>`/.exec(String(scheme.description ?? ''))?.[1]?.concat(' ') ?? '';
}

/** The console's data of one operation. */
export function consoleData(doc: Obj, version: string, path: string, method: (typeof HTTP_METHODS)[number]): ApiConsoleData {
  const pathItem = (doc.paths as Record<string, Obj>)[path]!;
  const op = pathItem[method] as Obj;
  const byKey = new Map<string, Obj>();
  for (const p of [...((pathItem.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])]) {
    const param = deref(doc, p);
    byKey.set(`${String(param.in)}:${String(param.name)}`, param);
  }
  const schemes = ((doc.components as Obj | undefined)?.securitySchemes ?? {}) as Record<string, Obj>;
  const security = (op.security ?? doc.security ?? []) as Record<string, unknown>[];
  const scheme = security.flatMap((req) => Object.keys(req)).map((name) => deref(doc, schemes[name]))[0];
  const auth =
    scheme?.type === 'apiKey' && scheme.in === 'header'
      ? {
          header: String(scheme.name),
          prefix: keyPrefix(scheme),
        }
      : scheme?.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer'
        ? { header: 'Authorization', prefix: 'Bearer ' }
        : null;
  const parameters = [...byKey.values()]
    .filter((p) => !(p.in === 'header' && auth && String(p.name).toLowerCase() === auth.header.toLowerCase()))
    .map((p) => {
      const schema = (p.schema ?? {}) as JsonSchema;
      const examples = Object.values((p.examples ?? {}) as Record<string, unknown>).map((e) => deref(doc, e).value);
      const example = asText(p.example ?? examples[0] ?? schema.example ?? (schema.examples as unknown[] | undefined)?.[0]);
      return {
        name: String(p.name),
        in: p.in as ApiConsoleData['parameters'][number]['in'],
        required: p.required === true,
        schema,
        ...(example !== undefined ? { example } : {}),
      };
    });
  const body = op.requestBody ? deref(doc, op.requestBody) : null;
  // (A JSON body only: the console has no file picker for a multipart upload.)
  const found = body && jsonMedia(body);
  const bodyMedia = found?.type.includes('json') ? found : null;
  const requestBody = bodyMedia
    ? {
        contentType: bodyMedia.type,
        required: body?.required === true,
        schema: (bodyMedia.media.schema ?? {}) as JsonSchema,
        example: exampleOf(doc, bodyMedia.media, bodyMedia.media.schema as JsonSchema | undefined, { skipReadOnly: true }) ?? null,
      }
    : null;
  const responses = Object.entries((op.responses ?? {}) as Record<string, unknown>).map(([status, raw]) => {
    const r = deref(doc, raw);
    const m = jsonMedia(r);
    const headers: Record<string, string> = {};
    for (const [name, h] of Object.entries((r.headers ?? {}) as Record<string, unknown>)) {
      const header = deref(doc, h);
      const schema = (header.schema ?? {}) as Obj;
      const value = asText(header.example ?? schema.example ?? schema.default);
      if (value !== undefined) headers[name.toLowerCase()] = value;
    }
    const example = m ? exampleOf(doc, m.media, m.media.schema as JsonSchema | undefined, { skipWriteOnly: true }) : undefined;
    return {
      status,
      contentType: m?.type ?? null,
      schema: (m?.media.schema as JsonSchema | undefined) ?? null,
      ...(example !== undefined ? { example } : {}),
      headers,
    };
  });
  const all = (((doc.components as Obj | undefined)?.schemas ?? {}) as Record<string, JsonSchema>) ?? {};
  const used = referencedSchemas(doc, [parameters.map((p) => p.schema), requestBody?.schema, responses.map((r) => r.schema)]);
  const servers = ((doc.servers ?? []) as Obj[]).map((s) => ({
    url: String(s.url).replace(/\/$/, ''),
    description: String(s.description ?? ''),
  }));
  const data = {
    operationId: String(op.operationId),
    version,
    method: method.toUpperCase() as ApiConsoleData['method'],
    path,
    servers,
    auth,
    parameters,
    requestBody,
    responses,
    schemas: Object.fromEntries([...used].sort().map((name) => [name, all[name]!])),
  };
  return { ...data, samples: requestSamples(data) };
}

/** Every operation's console data of a description, in each locale: output path → JSON. */
export function consoleFiles(api: OpenApiDescription): Map<string, string> {
  const raw = parse(api.text) as Obj;
  const files = new Map<string, string>();
  for (const locale of LOCALES) {
    const doc = localizeExamples(raw, locale);
    for (const op of api.operations.values()) {
      const url = consoleUrl(api.version, op.operationId, locale);
      files.set(url.slice(1), JSON.stringify(consoleData(doc, api.version, op.path, op.method)));
    }
  }
  return files;
}

/** Every server URL of a description. */
export function serverUrls(api: OpenApiDescription): string[] {
  return ((api.spec.servers ?? []) as { url?: unknown }[]).map((s) => String(s.url ?? ''));
}
