import { describe, expect, it } from 'vitest';
import { checkExample, closedSchema, type ExampleTarget } from './check-json-examples.ts';
import type { JsonSchema, OpenApiDescription } from './load-openapi.ts';

const target = (schema: JsonSchema): ExampleTarget => ({ api: {} as OpenApiDescription, schema, label: 'v1:Visit' });

const visit: JsonSchema = {
  type: 'object',
  required: ['id', 'status', 'kpi'],
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['done', 'failed'] },
    kpi: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kpi', 'brand_id'],
        properties: { kpi: { type: 'string' }, brand_id: { type: ['integer', 'null'] } },
      },
    },
  },
};

describe('a JSON example checked against its schema', () => {
  it('reports each finding at the value it is about, in the lines and columns of the page', () => {
    // The fence is on line 20, indented by two spaces (a list item): the JSON starts on line 21.
    const value = ['{', '  "id": "58213",', '  "status": "draft",', '  "kpi": [{"kpi": "osa"}],', '  "colour": "red"', '}'].join('\n');
    const findings = checkExample({ value, line: 20, column: 3 }, target(visit));
    expect(findings.map((f) => `${f.line}:${f.column} ${f.message}`)).toEqual([
      '22:11 id is "58213": expected integer (v1:Visit)',
      '23:15 status is "draft": expected one of "done", "failed" (v1:Visit)',
      '24:13 kpi[0] lacks the required field "brand_id" (v1:Visit)',
      '25:5 field "colour" is not in the schema (v1:Visit)',
    ]);
  });

  it('names every required field an object lacks in one finding', () => {
    const [f] = checkExample({ value: '{"kpi": []}', line: 1, column: 1 }, target(visit));
    expect(f?.message).toBe('the object lacks the required fields "id", "status" (v1:Visit)');
  });

  it('reports JSON that does not parse', () => {
    const [f] = checkExample({ value: '{"id": 1,}', line: 4, column: 1 }, target(visit));
    expect(f?.code).toBe('example-invalid-json');
    expect(f?.line).toBe(5);
  });

  it('closes object schemas, but not the parts of an allOf (they would refuse each other’s fields)', () => {
    const schema: JsonSchema = {
      type: 'object',
      allOf: [
        { type: 'object', properties: { id: { type: 'integer' } } },
        { type: 'object', properties: { name: { type: 'string' } } },
      ],
    };
    const closed = closedSchema(schema);
    expect(closed.unevaluatedProperties).toBe(false);
    expect((closed.allOf as JsonSchema[]).map((p) => p.unevaluatedProperties)).toEqual([undefined, undefined]);
    expect(checkExample({ value: '{"id": 1, "name": "a"}', line: 1, column: 1 }, target(schema))).toEqual([]);
    expect(checkExample({ value: '{"id": 1, "size": 2}', line: 1, column: 1 }, target(schema))[0]?.message).toContain('"size"');
  });
});
