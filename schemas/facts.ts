import { z } from 'zod';
import { LocalizedStringSchema } from './locale.ts';

/** `content/facts.yaml`: product facts that pages quote with `:fact[key]`. */
export const FactsSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'a snake_case key'), z.union([z.string(), z.number(), LocalizedStringSchema]))
  .describe('Product facts (content/facts.yaml)');
export type Facts = z.infer<typeof FactsSchema>;
