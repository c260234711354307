import { z } from 'zod';

/** A finding of the checks, printed compiler-style as `file:line:column  code  message`. */
export const DiagnosticSchema = z.strictObject({
  file: z.string().describe('Path relative to the project root'),
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  severity: z.enum(['error', 'warning']),
  code: z
    .string()
    .regex(/^[a-z]+(-[a-z]+)*$/)
    .describe('Stable kebab-case code, e.g. broken-link'),
  message: z.string(),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;
