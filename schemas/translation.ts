import { z } from 'zod';

/** A translation hash: the first 12 hex digits of the sha256 of the source page's body. */
export const TranslationHashSchema = z
  .string()
  .regex(/^[0-9a-f]{12}$/)
  .describe('First 12 hex digits of the sha256 of the whitespace-normalised body of the source page');

/** Where a translated page stands against its source, as `vitrina-docs translations` reports it. */
export const TranslationStatusSchema = z.strictObject({
  file: z.string().describe('The translated page, relative to the project root (content/docs/a.en.md)'),
  source: z.string().describe('Its source page in the default locale (content/docs/a.ru.md)'),
  state: z
    .enum(['current', 'outdated', 'unmarked'])
    .describe('current: in step; outdated: the source body changed since the mark; unmarked: never marked'),
  recorded: TranslationHashSchema.nullable().describe("The hash in the translation's `translation_of`, null when unmarked"),
  current: TranslationHashSchema.describe('The hash of the source body now'),
});
export type TranslationStatus = z.infer<typeof TranslationStatusSchema>;

/** The JSON that `vitrina-docs translations --format json` prints. */
export const TranslationReportSchema = z.strictObject({
  pages: z.array(TranslationStatusSchema).describe('Translations that need the translator: outdated and unmarked ones'),
  outdated: z.number().int().min(0),
  unmarked: z.number().int().min(0),
});
export type TranslationReport = z.infer<typeof TranslationReportSchema>;
