import { z } from 'zod';

/**
 * The page body: a hast tree without positions. Only elements and text occur; raw HTML,
 * comments and doctypes are never written by the generator.
 */
export interface HastText {
  type: 'text';
  value: string;
}
export interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, string | number | boolean | (string | number)[] | null>;
  children: HastNode[];
}
export type HastNode = HastElement | HastText;
export interface HastRoot {
  type: 'root';
  children: HastNode[];
}

export const HastTextSchema = z.strictObject({ type: z.literal('text'), value: z.string() });
export const HastElementSchema: z.ZodType<HastElement> = z.lazy(() =>
  z.strictObject({
    type: z.literal('element'),
    tagName: z.string().regex(/^[a-z][a-z0-9]*$/),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])), z.null()])),
    children: z.array(HastNodeSchema),
  }),
);
export const HastNodeSchema: z.ZodType<HastNode> = z.lazy(() => z.union([HastTextSchema, HastElementSchema]));
export const HastRootSchema = z
  .strictObject({ type: z.literal('root'), children: z.array(HastNodeSchema) })
  .describe('A hast root without positions');
