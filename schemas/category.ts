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
  })
  .describe('A docs folder category file (_category.yaml)');
export type Category = z.infer<typeof CategorySchema>;
