import type { ErrorObject } from 'ajv';
import type { Ajv2020 as Ajv2020Type } from 'ajv/dist/2020.js';
import type * as Ajv2020Module from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import type { Diagnostics } from '../diagnostics.ts';
import type { CollectedCode } from '../markdown/remark-code-blocks.ts';
import { sha } from '../hash.ts';
import type { BuildCache } from '../pipeline/page-cache.ts';
import type { TransformedPage } from '../pipeline/transform.ts';
import { ExamplePositions, readablePath } from './example-positions.ts';
import type { JsonSchema, OpenApiDescription, ResolvedOperation } from './load-openapi.ts';
import { responseSchema } from './operation-view.ts';

/** What a JSON example shows: a schema of a description, named for the reader of a diagnostic. */
export interface ExampleTarget {
  api: OpenApiDescription;
  schema: JsonSchema;
  /** `v1:Visit`, `v1.5:recognize_id 200`. */
  label: string;
}

/**
 * The schema a marker names: `v1:Visit` (a schema under components/schemas),
 * `v1.5:recognize_id 200` (the response of an operation with that status) or
 * `v1.5:mhl_record request` (its request body). Returns a sentence when it names nothing.
 */
export function resolveSchemaMarker(marker: string, apis: ReadonlyMap<string, OpenApiDescription>): ExampleTarget | string {
  const m = /^\s*([^:\s]+):([A-Za-z_][\w.-]*)(?:\s+(\S+))?\s*$/.exec(marker);
  if (!m) return `schema="${marker}" is not <version>:<Schema> or <version>:<operationId> <status>, e.g. schema="v1:Visit"`;
  const [, version, name, status] = m as unknown as [string, string, string, string | undefined];
  const api = apis.get(version);
  if (!api) return `schema="${marker}": no OpenAPI description of version "${version}" (known: ${[...apis.keys()].join(', ')})`;
  const schemas = ((api.spec.components as Record<string, unknown> | undefined)?.schemas ?? {}) as Record<string, JsonSchema>;
  const op = api.operations.get(name);
  if (!status) {
    if (schemas[name]) return { api, schema: schemas[name], label: `${version}:${name}` };
    if (op) return `schema="${marker}": "${name}" is an operation; name its response too, e.g. schema="${version}:${name} 200"`;
    const near = Object.keys(schemas).filter(
      (k) => k.toLowerCase().includes(name.toLowerCase()) || name.toLowerCase().includes(k.toLowerCase()),
    );
    return `schema="${marker}": ${api.file} has no schema "${name}"${near.length ? ` (did you mean ${near.slice(0, 3).join(', ')}?)` : ''}`;
  }
  if (!op) return `schema="${marker}": ${api.file} has no operation "${name}"`;
  const schema = status === 'request' ? requestSchema(op) : responseSchema(op, status);
  if (!schema)
    return `schema="${marker}": operation "${name}" has no ${status === 'request' ? 'JSON request body' : `${status} response with a JSON schema`}`;
  return { api, schema, label: `${version}:${name} ${status}` };
}

function requestSchema(op: ResolvedOperation): JsonSchema | null {
  const content = (op.operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
  const type = content && Object.keys(content).find((t) => t.includes('json'));
  return (type && content[type]?.schema) || null;
}

let ajv: Ajv2020Type | null = null;
const compiled = new WeakMap<object, ReturnType<Ajv2020Type['compile']>>();

/**
 * An example shows a whole object: every field it holds must be one the schema describes
 * (a misspelt or invented field is a contradiction too). Each object schema is closed with
 * `unevaluatedProperties: false`, which sees through `allOf`; the parts of an `allOf` are left
 * open, or they would refuse each other's fields.
 */
export function closedSchema(schema: JsonSchema, memo = new Map<JsonSchema, JsonSchema>(), inAllOf = false): JsonSchema {
  const seen = memo.get(schema);
  if (seen && !inAllOf) return seen;
  const out: JsonSchema = { ...schema };
  if (!inAllOf) memo.set(schema, out);
  const sub = (s: unknown, partOfAllOf = false) =>
    s && typeof s === 'object' && !Array.isArray(s) ? closedSchema(s as JsonSchema, memo, partOfAllOf) : s;
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, JsonSchema>).map(([k, v]) => [k, sub(v)]));
  }
  if (schema.items) out.items = sub(schema.items);
  if (typeof schema.additionalProperties === 'object') out.additionalProperties = sub(schema.additionalProperties);
  for (const k of ['oneOf', 'anyOf'] as const) if (Array.isArray(schema[k])) out[k] = (schema[k] as unknown[]).map((s) => sub(s));
  if (Array.isArray(schema.allOf)) out.allOf = (schema.allOf as unknown[]).map((s) => sub(s, true));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const isObject = types.includes('object') || (!schema.type && (schema.properties || schema.allOf));
  if (isObject && !inAllOf && !('additionalProperties' in schema) && !('unevaluatedProperties' in schema))
    out.unevaluatedProperties = false;
  return out;
}

function validatorOf(schema: JsonSchema): ReturnType<Ajv2020Type['compile']> {
  if (!ajv) {
    // ajv is loaded only when an example has to be checked (results are cached by their inputs).
    const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof Ajv2020Module;
    // The schemas come from descriptions already validated against the OpenAPI specification.
    // Each validator runs on a few examples: ajv's optimisation of the code it generates took
    // longer than it saved (the checks of a clean build: 0.15 → 0.11 s).
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, validateSchema: false, code: { optimize: false } });
  }
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(closedSchema(schema));
    compiled.set(schema, v);
  }
  return v;
}

function shown(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? 'nothing' : s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const p of pointer.split('/').slice(1)) v = (v as Record<string, unknown> | undefined)?.[p.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v;
}

/** One finding of a JSON example: where, and in words the writer understands. */
export interface ExampleFinding {
  line: number;
  column: number;
  code: string;
  message: string;
}

/** ajv's errors as findings at the value (or key) they are about; branches of a oneOf are summed up once. */
function findingsOf(errors: ErrorObject[], data: unknown, positions: ExamplePositions, label: string): ExampleFinding[] {
  const out: ExampleFinding[] = [];
  const seen = new Set<string>();
  // The required fields an object lacks make one finding.
  const missing = new Map<string, string[]>();
  for (const e of errors) {
    if (e.keyword !== 'required') continue;
    const name = (e.params as { missingProperty: string }).missingProperty;
    missing.set(e.instancePath, [...(missing.get(e.instancePath) ?? []), `"${name}"`]);
  }
  for (const e of errors) {
    let where = e.instancePath;
    let key = false;
    let message: string;
    const at = readablePath(e.instancePath);
    switch (e.keyword) {
      case 'required': {
        const names = missing.get(e.instancePath) ?? [];
        message = `${at === '(top level)' ? 'the object' : at} lacks the required field${names.length > 1 ? 's' : ''} ${names.join(', ')}`;
        break;
      }
      case 'unevaluatedProperties':
      case 'additionalProperties': {
        const name =
          (e.params as { unevaluatedProperty?: string; additionalProperty?: string }).unevaluatedProperty ??
          (e.params as { additionalProperty?: string }).additionalProperty!;
        where = `${e.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        key = true;
        message = `field "${readablePath(where)}" is not in the schema`;
        break;
      }
      case 'type':
        message = `${at} is ${shown(valueAt(data, e.instancePath))}: expected ${String((e.params as { type: string | string[] }).type).replace(/,/g, ' or ')}`;
        break;
      case 'enum':
        message = `${at} is ${shown(valueAt(data, e.instancePath))}: expected one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'const':
        message = `${at} is ${shown(valueAt(data, e.instancePath))}: expected ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
        break;
      default:
        message = `${at} ${e.message ?? 'does not match'}`;
    }
    const pos = positions.at(where, key);
    const id = `${pos.line}:${pos.column}:${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ ...pos, code: 'example-schema-mismatch', message: `${message} (${label})` });
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column).slice(0, 12);
}

/** Checks one JSON example against its target; findings carry page lines and columns. */
export function checkExample(block: Pick<CollectedCode, 'value' | 'line' | 'column'>, target: ExampleTarget): ExampleFinding[] {
  const positions = new ExamplePositions(block.value, block);
  let data: unknown;
  try {
    data = JSON.parse(block.value);
  } catch (e) {
    const message = (e as Error).message;
    const offset = /position (\d+)/.exec(message)?.[1];
    const pos = offset ? positions.atOffset(Number(offset)) : { line: block.line + 1, column: block.column };
    return [{ ...pos, code: 'example-invalid-json', message: `the example of ${target.label} is not valid JSON: ${message}` }];
  }
  const validate = validatorOf(target.schema);
  if (validate(data)) return [];
  // A oneOf reports every failed branch; keep the errors that are not about the oneOf itself.
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  return findingsOf(errors.length ? errors : (validate.errors ?? []), data, positions, target.label);
}

/**
 * Every JSON example that says which schema it shows is checked against it: on any page,
 * with `schema="v1:Visit"` in the fence's meta; on an API method page, also an example titled
 * with a status (`title="200 OK"`), against that response of the page's operation.
 */
export function checkJsonExamples(
  pages: readonly TransformedPage[],
  apis: ReadonlyMap<string, OpenApiDescription>,
  operations: ReadonlyMap<TransformedPage, { api: OpenApiDescription; op: ResolvedOperation }>,
  diagnostics: Diagnostics,
  cache?: BuildCache,
): void {
  for (const page of pages) {
    const own = operations.get(page);
    for (const block of page.compiled.codeBlocks) {
      let target: ExampleTarget | string | null = null;
      if (block.schema) {
        target =
          block.lang === 'json'
            ? resolveSchemaMarker(block.schema, apis)
            : `schema="${block.schema}" is for JSON examples: this block is ${block.lang || 'without language'}`;
      } else if (own && block.lang === 'json' && block.title) {
        const status = /^(\d{3})\b/.exec(block.title)?.[1];
        if (status) {
          const schema = responseSchema(own.op, status);
          target = schema
            ? { api: own.api, schema, label: `${own.api.version}:${own.op.operationId} ${status}` }
            : `operation "${own.op.operationId}" has no ${status} response with a JSON schema (the example is titled "${block.title}")`;
        }
      }
      if (target === null) continue;
      if (typeof target === 'string') {
        diagnostics.error(
          page.src.file,
          block.line,
          block.column,
          block.schema ? 'example-unknown-schema' : 'example-schema-mismatch',
          target,
        );
        continue;
      }
      const key = sha('json-example', target.api.hash, target.label, String(block.line), String(block.column), block.value);
      const known = cache?.check(key);
      const findings =
        typeof known === 'string' ? (JSON.parse(known) as ExampleFinding[]) : known === null ? [] : checkExample(block, target);
      if (known === undefined) cache?.setCheck(key, findings.length ? JSON.stringify(findings) : null);
      for (const f of findings) diagnostics.error(page.src.file, f.line, f.column, f.code, f.message);
    }
  }
}
