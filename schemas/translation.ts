import { z } from 'zod';

/** A translation hash: the first 12 hex digits of the sha256 of the source page's body. */
export const TranslationHashSchema = z
  .string()
  .regex(/^[0-9a-f]{12}$/)
  .describe('First 12 hex digits of the sha256 of the whitespace-normalised body of the source page');

/** A run of changed lines of a source page, as in a unified diff. */
export const TranslationHunkSchema = z.strictObject({
  oldStart: z.number().int().min(0).describe('First line of the run in the marked version of the source file'),
  oldLines: z.number().int().min(0),
  newStart: z.number().int().min(0).describe('First line of the run in the source file now'),
  newLines: z.number().int().min(0),
  lines: z.array(z.string()).describe('The lines, each prefixed as in a unified diff: " " unchanged, "-" removed, "+" added'),
});
export type TranslationHunk = z.infer<typeof TranslationHunkSchema>;

/** What changed in the source since the translation was marked. */
export const SourceChangesSchema = z.strictObject({
  from: z.enum(['commit', 'stored']).describe('Where the marked version was found: git history, or the copy `--mark` keeps in .cache/'),
  commit: z.string().nullable().describe('The newest commit that has the marked version (null for a stored copy)'),
  date: z.string().nullable().describe('Commit date of that commit, ISO 8601'),
  hunks: z.array(TranslationHunkSchema),
});
export type SourceChanges = z.infer<typeof SourceChangesSchema>;

/** Where a translated page stands against its source, as `vitrina-docs translations` reports it. */
export const TranslationStatusSchema = z.strictObject({
  file: z.string().describe('The translated page, relative to the project root (content/docs/a.en.md)'),
  source: z.string().describe('Its source page in the default locale (content/docs/a.ru.md)'),
  state: z
    .enum(['current', 'outdated', 'unmarked'])
    .describe('current: in step; outdated: the source body changed since the mark; unmarked: never marked'),
  recorded: TranslationHashSchema.nullable().describe("The hash in the translation's `translation_of`, null when unmarked"),
  current: TranslationHashSchema.describe('The hash of the source body now'),
  changes: SourceChangesSchema.nullable()
    .optional()
    .describe('outdated pages: the source changes since the mark; null when the marked version is in neither git history nor .cache/'),
});
export type TranslationStatus = z.infer<typeof TranslationStatusSchema>;

/** The JSON that `vitrina-docs translations --format json` prints. */
export const TranslationReportSchema = z.strictObject({
  pages: z.array(TranslationStatusSchema).describe('Translations that need the translator: outdated and unmarked ones'),
  outdated: z.number().int().min(0),
  unmarked: z.number().int().min(0),
});
export type TranslationReport = z.infer<typeof TranslationReportSchema>;
