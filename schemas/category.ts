import { z } from 'zod';
import { LocalizedStringSchema } from './locale.ts';
import { VersionIdSchema } from './sidebar.ts';

/** `_category.yaml`: how a docs folder appears in its sidebar. */
export const CategorySchema = z
  .strictObject({
    label: LocalizedStringSchema.describe('The group label in each locale'),
    position: z.number().describe('Order among the siblings of the folder (ascending)'),
    version: VersionIdSchema.optional().describe('Version of every page below this folder (api: v1.5 or v1; mobile: ic3 or ic2)'),
    collapsed: z.boolean().optional().describe('Start folded in the sidebar (default: true below the first level)'),
    pagination: z
      .enum(['sidebar', 'reverse'])
      .optional()
      .describe(
        'Order of the previous/next links among the pages of this folder: as the sidebar lists them (default), or reverse, for pages listed newest first (release notes), so that "Next" goes to the newer page',
      ),
  })
  .describe('A docs folder category file (_category.yaml)');
export type Category = z.infer<typeof CategorySchema>;
