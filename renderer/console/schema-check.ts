/**
 * Checks a value against a schema of the OpenAPI description, in the browser, with
 * @cfworker/json-schema: it interprets the schema rather than compiling it to code, so it runs
 * under the site's Content-Security-Policy (no 'unsafe-eval').
 */
import { Validator } from '@cfworker/json-schema';

type Schema = Record<string, unknown>;

/** The errors that say what is wrong, not the ones that only say where ("property x does not match"). */
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  '$ref',
  'allOf',
  'anyOf',
  'oneOf',
  'additionalProperties',
  'unevaluatedProperties',
  'contains',
  'then',
  'else',
  'if',
  'not',
  'dependentSchemas',
  'propertyNames',
  'patternProperties',
]);

/** The problems found (at most `limit`), each `location: message`; none when the value matches. */
export function schemaProblems(schema: Schema, schemas: Record<string, Schema>, value: unknown, limit = 8): string[] {
  // The schema's `#/components/schemas/…` references resolve inside the document it sits in.
  const root = { ...schema, $id: 'https://console.invalid/operation.json', components: { schemas } };
  const result = new Validator(root as never, '2020-12', false).validate(value);
  if (result.valid) return [];
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const e of result.errors) {
    if (WRAPPERS.has(e.keyword)) continue;
    const where = e.instanceLocation.replace(/^#/, '') || '/';
    const line = `${where}: ${e.error}`;
    if (seen.has(line)) continue;
    seen.add(line);
    problems.push(line);
    if (problems.length >= limit) break;
  }
  return problems.length ? problems : result.errors.slice(0, 1).map((e) => `${e.instanceLocation.replace(/^#/, '') || '/'}: ${e.error}`);
}
