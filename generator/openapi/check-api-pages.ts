import type { Ajv2020 as Ajv2020Type } from 'ajv/dist/2020.js';
import type * as Ajv2020Module from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import type { Diagnostics } from '../diagnostics.ts';
import { sha, type BuildCache } from '../pipeline/page-cache.ts';
import { didYouMean } from '../suggest.ts';
import type { TransformedPage } from '../pipeline/transform.ts';
import type { OpenApiDescription, ResolvedOperation } from './load-openapi.ts';
import { responseSchema } from './operation-view.ts';

type Validate = ReturnType<Ajv2020Type['compile']>;
let ajv: Ajv2020Type | null = null;
const compiled = new WeakMap<object, Validate>();

/** ajv is loaded when an example has to be checked (results are cached by their inputs). */
function compileSchema(schema: object): Validate {
  if (!ajv) {
    const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof Ajv2020Module;
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  }
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    compiled.set(schema, v);
  }
  return v;
}

/** The API version of a method page: the version of its folder (v1.5 or v1). */
export function apiVersionOf(page: TransformedPage): string | null {
  return page.sidebar === 'api' ? page.version : null;
}

/**
 * Each method page names an operation of its version's description; each JSON example
 * titled with a status (```json title="200 OK") validates against that response's schema;
 * each operation has a page (unless `reportUnused` is false: a check of some pages only).
 */
export function checkApiPages(
  pages: readonly TransformedPage[],
  apis: Map<string, OpenApiDescription>,
  diagnostics: Diagnostics,
  cache?: BuildCache,
  options: { reportUnused?: boolean } = {},
): Map<TransformedPage, { api: OpenApiDescription; op: ResolvedOperation }> {
  const resolved = new Map<TransformedPage, { api: OpenApiDescription; op: ResolvedOperation }>();
  const used = new Set<string>();
  for (const page of pages) {
    const opId = page.fm.api?.operation;
    if (!opId) continue;
    const version = apiVersionOf(page);
    const api = version ? apis.get(version) : undefined;
    const fmLine =
      page.src.frontmatter && page.src.frontmatter.doc.contents
        ? page.src.frontmatter.lines.linePos(
            (page.src.frontmatter.doc.get('api', true) as { range?: number[] } | undefined)?.range?.[0] ?? 0,
          ).line + 1
        : 2;
    if (!api) {
      diagnostics.error(
        page.src.file,
        fmLine,
        1,
        'unknown-operation',
        `no OpenAPI description for this page's API version (${version ?? 'none'}): expected content/api/${version ?? '<version>'}.yaml`,
      );
      continue;
    }
    const op = api.operations.get(opId);
    if (!op) {
      diagnostics.error(
        page.src.file,
        fmLine,
        1,
        'unknown-operation',
        `operation "${opId}" is not in ${api.file}${didYouMean(opId, api.operations.keys())}`,
      );
      continue;
    }
    used.add(`${api.version}:${opId}`);
    resolved.set(page, { api, op });
    for (const block of page.compiled.codeBlocks) {
      if (block.lang !== 'json' || !block.title) continue;
      const status = /^(\d{3})\b/.exec(block.title)?.[1];
      if (!status) continue;
      const key = sha('example', api.text, opId, status, block.value);
      const known = cache?.check(key);
      if (known !== undefined) {
        if (known !== null) diagnostics.error(page.src.file, block.line, 1, known.split('\t')[0]!, known.split('\t')[1]!);
        continue;
      }
      const report = (code: string, message: string) => {
        diagnostics.error(page.src.file, block.line, 1, code, message);
        cache?.setCheck(key, `${code}\t${message}`);
      };
      const schema = responseSchema(op, status);
      if (!schema) {
        report('example-schema-mismatch', `operation "${opId}" has no ${status} response with a JSON schema`);
        continue;
      }
      let data: unknown;
      try {
        data = JSON.parse(block.value);
      } catch (e) {
        report('example-invalid-json', `the ${status} example is not valid JSON: ${(e as Error).message}`);
        continue;
      }
      const validate = compileSchema(schema);
      if (!validate(data)) {
        const first = validate.errors
          ?.slice(0, 3)
          .map((e) => `${e.instancePath || '(root)'} ${e.message}`)
          .join('; ');
        report('example-schema-mismatch', `the ${status} example does not match the response schema of "${opId}": ${first}`);
      } else cache?.setCheck(key, null);
    }
  }
  // Only a check of every page can tell that an operation has none.
  if (options.reportUnused === false) return resolved;
  for (const api of apis.values()) {
    for (const [id, op] of api.operations) {
      if (!used.has(`${api.version}:${id}`)) {
        diagnostics.warn(
          api.file,
          op.line,
          1,
          'operation-without-page',
          `operation "${id}" has no page (add one with api: { operation: ${id} })`,
        );
      }
    }
  }
  return resolved;
}
