import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostics } from '../diagnostics.ts';
import { parseYamlLazily, positionOf, type YamlSource } from '../yaml-source.ts';
import { sha } from '../hash.ts';
import type { BuildCache } from '../pipeline/page-cache.ts';
import { checkRussianTexts } from './check-russian-texts.ts';
import { checkExampleLanguages } from './check-example-languages.ts';
import { checkLocalRefs } from './check-refs.ts';
import type { Validator } from '@seriousme/openapi-schema-validator';

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export type JsonSchema = Record<string, unknown>;

/** An operation found in a description, with its refs resolved. */
export interface ResolvedOperation {
  operationId: string;
  method: (typeof HTTP_METHODS)[number];
  path: string;
  operation: Record<string, unknown>;
  pathItem: Record<string, unknown>;
  /** Line of the operation in the YAML file. */
  line: number;
}

export interface OpenApiDescription {
  version: string;
  file: string;
  serverUrl: string;
  spec: Record<string, unknown>;
  operations: Map<string, ResolvedOperation>;
  /** The YAML text as written, published for download. */
  text: string;
  /** A hash of `text`: the key of every cached check that depends on the description. */
  hash: string;
}

/** What validating a description against the specification's JSON Schema found. */
export interface DescriptionValidity {
  valid: boolean;
  errors?: { instancePath: string; message?: string; params?: unknown }[] | string;
}

let validator: Promise<Validator> | null = null;
let validating = 0;

/**
 * Validates a description against the official JSON Schema of OpenAPI, loaded only when a
 * description must be validated (it is slow to compile: a build does it on a worker thread).
 */
export async function validateDescription(raw: Record<string, unknown>): Promise<DescriptionValidity> {
  // The descriptions of a run are validated together, with one validator: the JSON Schema of an
  // OpenAPI version (v1 and v1.5 are both 3.1) is compiled once, which is most of the check's
  // time. The validator goes when the last of them is done, with its memory.
  validating++;
  let result: Awaited<ReturnType<Validator['validate']>>;
  try {
    validator ??= import('@seriousme/openapi-schema-validator').then(({ Validator }) => new Validator({ strict: false }));
    result = await (await validator).validate(raw);
  } finally {
    if (--validating === 0) validator = null;
  }
  const { valid, errors } = result;
  // (Plain data, so that it can come back from a worker.)
  return {
    valid,
    errors:
      typeof errors === 'string'
        ? errors
        : (errors ?? []).map((e) => ({ instancePath: e.instancePath, message: e.message, params: e.params })),
  };
}

/**
 * Replaces every local `$ref` (`#/components/...`) by the object it points to; objects are
 * shared, so recursive schemas become cycles in memory (the flattening stops at a depth).
 */
export function resolveLocalRefs(rootDoc: unknown): unknown {
  const memo = new Map<string, unknown>();
  const lookup = (ref: string): unknown => {
    let node: unknown = rootDoc;
    for (const part of pointerToPath(ref.slice(1))) node = (node as Record<string, unknown> | undefined)?.[part];
    return node;
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    if (typeof obj.$ref === 'string' && obj.$ref.startsWith('#/')) {
      const ref = obj.$ref;
      let target = memo.get(ref) as Record<string, unknown> | undefined;
      if (!target) {
        target = {};
        memo.set(ref, target);
        Object.assign(target, walk(lookup(ref)) as object);
      }
      const { $ref: _ref, ...siblings } = obj;
      if (!Object.keys(siblings).length) return target;
      // OpenAPI 3.1 allows keys beside a $ref. Beside a schema they are a schema of their own
      // (a field's description): both apply. Beside a response, parameter or header they
      // override the component's (the response's meaning at this endpoint: `description`,
      // `x-description-ru`).
      return ref.startsWith('#/components/schemas/')
        ? { allOf: [target], ...(walk(siblings) as object) }
        : { ...target, ...(walk(siblings) as object) };
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) out[k] = walk(v);
    return out;
  };
  return walk(rootDoc);
}

/** `/paths/~1catalog~1brands/get` → ['paths', '/catalog/brands', 'get'] */
function pointerToPath(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Reads and validates an OpenAPI 3.1 description (the official JSON Schema of the
 * specification, through @seriousme/openapi-schema-validator); each finding is reported at
 * its line. Returns null when the description cannot be used.
 */
export async function loadOpenApi(
  root: string,
  file: string,
  version: string,
  diagnostics: Diagnostics,
  cache?: BuildCache,
  validate: (raw: Record<string, unknown>) => Promise<DescriptionValidity> = validateDescription,
): Promise<OpenApiDescription | null> {
  const text = readFileSync(join(root, file), 'utf8');
  const src = parseYamlLazily(text, file, diagnostics);
  if (!src) return null;
  const raw = src.data as Record<string, unknown>;
  if (!checkLocalRefs(src, raw, diagnostics)) return null;
  // Compiling the specification's JSON Schema is the slow part: a description that was
  // valid with this exact text is not validated again.
  const cacheKey = sha('openapi-valid', text);
  const known = cache?.check(cacheKey);
  const result: DescriptionValidity = known === null ? { valid: true, errors: [] } : await validate(raw);
  if (result.valid) cache?.setCheck(cacheKey, null);
  if (!result.valid) {
    const errors = Array.isArray(result.errors) ? result.errors : [{ instancePath: '', message: String(result.errors) }];
    // The validator reports every failed branch of a oneOf; the deepest paths say the most.
    const seen = new Set<string>();
    for (const e of errors.sort((a, b) => b.instancePath.length - a.instancePath.length).slice(0, 20)) {
      const path = pointerToPath(e.instancePath);
      const pos = positionOf(src, path);
      const key = `${pos.line}:${e.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const extra = 'params' in e && e.params && typeof e.params === 'object' ? ` ${JSON.stringify(e.params)}` : '';
      diagnostics.error(
        file,
        pos.line,
        pos.column,
        'openapi-invalid',
        `OpenAPI ${e.instancePath || '(root)'}: ${e.message ?? 'invalid'}${extra}`,
      );
    }
    return null;
  }
  checkRussianTexts(src, text, diagnostics, cache);
  checkExampleLanguages(src, text, diagnostics, cache);
  const spec = resolveLocalRefs(raw) as Record<string, unknown>;
  const servers = (spec.servers as { url: string }[] | undefined) ?? [];
  const serverUrl = (servers[0]?.url ?? '').replace(/\/$/, '');
  const operations = new Map<string, ResolvedOperation>();
  const paths = (spec.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, pathItem] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const op = pathItem[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const id = op.operationId as string | undefined;
      const pos = {
        get line() {
          return positionOf(src, ['paths', path, method]).line;
        },
        get column() {
          return positionOf(src, ['paths', path, method]).column;
        },
      };
      if (!id) {
        diagnostics.error(file, pos.line, pos.column, 'openapi-invalid', `${method.toUpperCase()} ${path} has no operationId`);
        continue;
      }
      if (operations.has(id)) {
        diagnostics.error(file, pos.line, pos.column, 'openapi-invalid', `operationId "${id}" is used twice`);
        continue;
      }
      operations.set(id, {
        operationId: id,
        method,
        path,
        operation: op,
        pathItem,
        get line() {
          return pos.line;
        },
      });
    }
  }
  return { version, file, serverUrl, spec, operations, text, hash: sha('openapi', text) };
}

export type { YamlSource };
