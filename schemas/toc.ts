import { z } from 'zod';

/** One heading of the table of contents (levels 2 and 3). */
export const TocEntrySchema = z.strictObject({
  depth: z.union([z.literal(2), z.literal(3)]),
  id: z.string().min(1).describe('The heading id, the #anchor'),
  text: z.string().describe('Plain text of the heading'),
});
export type TocEntry = z.infer<typeof TocEntrySchema>;
export const TocSchema = z.array(TocEntrySchema);
