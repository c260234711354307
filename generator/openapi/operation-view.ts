import type { ApiField, ApiOperation, ApiParameter, LocaleCode } from '@vitrina-docs/schemas';
import { apiFileUrls } from './api-files.ts';
import type { JsonSchema, OpenApiDescription, ResolvedOperation } from './load-openapi.ts';

const MAX_DEPTH = 5;

/** The description in the page's language: `x-description-ru` on Russian pages when present. */
function localized(obj: Record<string, unknown> | undefined, key: 'description' | 'summary', locale: LocaleCode): string {
  if (!obj) return '';
  const l = obj[`x-${key}-${locale}`];
  return String((typeof l === 'string' && l) || obj[key] || '').trim();
}

function mergeAllOf(schema: JsonSchema): JsonSchema {
  const all = schema.allOf as JsonSchema[] | undefined;
  if (!all) return schema;
  const merged: JsonSchema = {
    ...schema,
    allOf: undefined,
    properties: { ...((schema.properties as object) ?? {}) },
    required: [...((schema.required as string[]) ?? [])],
  };
  for (const part of all.map(mergeAllOf)) {
    Object.assign(merged.properties as object, part.properties ?? {});
    (merged.required as string[]).push(...((part.required as string[]) ?? []));
    merged.type ??= part.type;
    merged.description ??= part.description;
    merged['x-description-ru'] ??= part['x-description-ru'];
  }
  return merged;
}

function types(schema: JsonSchema): { list: string[]; nullable: boolean } {
  const t = schema.type;
  const list = Array.isArray(t) ? (t as string[]) : t ? [t as string] : [];
  return { list: list.filter((x) => x !== 'null'), nullable: list.includes('null') || schema.nullable === true };
}

/** A readable type: `integer`, `string (date-time)`, `array of object`, `one of …`. */
export function typeLabel(input: JsonSchema): string {
  const schema = mergeAllOf(input);
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (variants) return `one of ${variants.map(typeLabel).join(' | ')}`;
  const { list } = types(schema);
  if (list.includes('array')) return `array of ${typeLabel((schema.items as JsonSchema) ?? {})}`;
  const base = list.join(' | ') || (schema.properties ? 'object' : 'any');
  return schema.format ? `${base} (${String(schema.format)})` : base;
}

function scalarDefault(v: unknown): string | undefined {
  return v === undefined ? undefined : JSON.stringify(v);
}

/** Flattens a schema into rows, children after their parent with a greater depth. */
export function flattenSchema(input: JsonSchema | undefined, locale: LocaleCode, prefix = '', depth = 0): ApiField[] {
  if (!input || depth > MAX_DEPTH) return [];
  const schema = mergeAllOf(input);
  const { list } = types(schema);
  if (list.includes('array') && depth === 0) {
    return flattenSchema(schema.items as JsonSchema, locale, `${prefix}[]`, depth);
  }
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[]) ?? []);
  const rows: ApiField[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const prop = mergeAllOf(raw);
    const { list: pt, nullable } = types(prop);
    const isArray = pt.includes('array');
    const path = prefix ? `${prefix}.${name}` : name;
    const enumValues = (prop.enum ?? (isArray ? (prop.items as JsonSchema | undefined)?.enum : undefined)) as ApiField['enum'];
    rows.push({
      name: isArray ? `${name}[]` : name,
      path: isArray ? `${path}[]` : path,
      depth,
      type: typeLabel(prop),
      required: required.has(name),
      nullable,
      description: localized(prop, 'description', locale),
      ...(enumValues ? { enum: enumValues.filter((v) => v !== null) } : {}),
      ...(prop.default !== undefined ? { default: scalarDefault(prop.default) } : {}),
    });
    const child = isArray ? mergeAllOf((prop.items as JsonSchema) ?? {}) : prop;
    if (child.properties || child.allOf) rows.push(...flattenSchema(child, locale, isArray ? `${path}[]` : path, depth + 1));
  }
  return rows;
}

function jsonContent(obj: Record<string, unknown> | undefined): { type: string; schema: JsonSchema } | null {
  const content = obj?.content as Record<string, { schema?: JsonSchema }> | undefined;
  if (!content) return null;
  const type = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0];
  if (!type) return null;
  return { type, schema: content[type]?.schema ?? {} };
}

/**
 * The machine-readable error code of an error response (`not_found`), as its JSON examples
 * give it in `error.code`; or the one value its schema allows there.
 */
export function errorCodeOf(response: Record<string, unknown>): string | undefined {
  const content = response.content as Record<string, Record<string, unknown>> | undefined;
  const type = content && Object.keys(content).find((t) => t.includes('json'));
  const media = type ? content[type] : undefined;
  if (!media) return undefined;
  const values = [media.example, ...Object.values((media.examples ?? {}) as Record<string, { value?: unknown }>).map((e) => e?.value)];
  for (const v of values) {
    const code = (v as { error?: { code?: unknown } } | undefined)?.error?.code;
    if (typeof code === 'string') return code;
  }
  const error = mergeAllOf(
    (mergeAllOf((media.schema as JsonSchema) ?? {}).properties as Record<string, JsonSchema> | undefined)?.error ?? {},
  );
  const code = (error.properties as Record<string, JsonSchema> | undefined)?.code;
  if (typeof code?.const === 'string') return code.const;
  if (Array.isArray(code?.enum) && code.enum.length === 1 && typeof code.enum[0] === 'string') return code.enum[0];
  return undefined;
}

/** The response schema of a status (for checking examples). */
export function responseSchema(op: ResolvedOperation, status: string): JsonSchema | null {
  const responses = (op.operation.responses ?? {}) as Record<string, Record<string, unknown>>;
  const r = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  return jsonContent(r)?.schema ?? null;
}

/** Where an operation's "Try it" console data of a locale is published: `/api/v1.5/operations/brands.en.json`. */
export function consoleUrl(version: string, operationId: string, locale: LocaleCode): string {
  return `/api/${version}/operations/${encodeURIComponent(operationId)}.${locale}.json`;
}

/** The operation as an API method page shows it, in one locale. */
export function operationView(api: OpenApiDescription, op: ResolvedOperation, locale: LocaleCode, specUrl: string): ApiOperation {
  const o = op.operation;
  const params = [...((op.pathItem.parameters as Record<string, unknown>[]) ?? []), ...((o.parameters as Record<string, unknown>[]) ?? [])];
  const byKey = new Map<string, Record<string, unknown>>();
  for (const p of params) byKey.set(`${String(p.in)}:${String(p.name)}`, p); // operation-level wins
  const parameters: ApiParameter[] = [...byKey.values()]
    .filter((p) => !(p.in === 'header' && String(p.name).toLowerCase() === 'authorization'))
    .map((p) => {
      const schema = (p.schema as JsonSchema) ?? {};
      return {
        name: String(p.name),
        in: p.in as ApiParameter['in'],
        type: typeLabel(schema),
        required: p.required === true,
        description: localized(p, 'description', locale) || localized(schema, 'description', locale),
        ...(schema.enum ? { enum: schema.enum as ApiParameter['enum'] } : {}),
        ...(schema.default !== undefined ? { default: scalarDefault(schema.default) } : {}),
      };
    });
  const body = o.requestBody as Record<string, unknown> | undefined;
  const bodyContent = jsonContent(body);
  const responses = Object.entries((o.responses ?? {}) as Record<string, Record<string, unknown>>).map(([status, r]) => {
    const c = jsonContent(r);
    const code = status.startsWith('2') ? undefined : errorCodeOf(r);
    return {
      status,
      ...(code ? { code } : {}),
      description: localized(r, 'description', locale),
      contentType: c?.type ?? null,
      fields: c && status.startsWith('2') ? flattenSchema(c.schema, locale) : [],
    };
  });
  return {
    operationId: op.operationId,
    version: api.version,
    method: op.method.toUpperCase() as ApiOperation['method'],
    path: op.path,
    url: `${api.serverUrl}${op.path}`,
    summary: localized(o, 'summary', locale),
    description: localized(o, 'description', locale),
    deprecated: o.deprecated === true,
    parameters,
    requestBody: bodyContent
      ? { contentType: bodyContent.type, required: body?.required === true, fields: flattenSchema(bodyContent.schema, locale) }
      : null,
    responses,
    specUrl,
    consoleUrl: consoleUrl(api.version, op.operationId, locale),
    postman: { collection: apiFileUrls(api.version).collection, environment: apiFileUrls(api.version).environment },
    // (Filled in when the site is assembled: see method-changes.ts.)
    changes: [],
  };
}
