import { describe, expect, it } from 'vitest';
import { writeJsonSchemas } from '../generator/json-schemas.ts';
import { ROOT } from './helpers/project.ts';

describe('JSON Schema files', () => {
  it('are up to date with the zod schemas (run `vitrina-docs schemas` after changing schemas/)', () => {
    expect(writeJsonSchemas(ROOT, true)).toEqual([]);
  });
});
