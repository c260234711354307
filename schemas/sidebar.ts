import { z } from 'zod';

/** The six sidebars of the site; each doc page belongs to exactly one. */
export const SIDEBARS = ['mobile', 'portal', 'business', 'api', 'releases', 'support'] as const;
export const SidebarIdSchema = z.enum(SIDEBARS).describe('A sidebar of the site');
export type SidebarId = z.infer<typeof SidebarIdSchema>;

/** Versions of the sidebars that have a version dimension. */
export const VersionIdSchema = z
  .string()
  .regex(/^[a-z0-9.]+$/)
  .describe('A version id, e.g. "v1.5" or "ic3"');
export type VersionId = z.infer<typeof VersionIdSchema>;

export interface SidebarLink {
  type: 'link';
  /** Text shown in the sidebar. */
  label: string;
  /** Route of the page, locale prefix included. */
  path: string;
  /** Version the page belongs to, or null for pages shared by every version. */
  version: string | null;
}

export interface SidebarGroup {
  type: 'group';
  label: string;
  /** Route of the folder's index page, when it has one. */
  path: string | null;
  version: string | null;
  /** Whether the group starts folded. */
  collapsed: boolean;
  items: SidebarItem[];
}

export type SidebarItem = SidebarLink | SidebarGroup;

export const SidebarLinkSchema = z.strictObject({
  type: z.literal('link'),
  label: z.string(),
  path: z.string(),
  version: z.string().nullable(),
});

export const SidebarGroupSchema: z.ZodType<SidebarGroup> = z.lazy(() =>
  z.strictObject({
    type: z.literal('group'),
    label: z.string(),
    path: z.string().nullable(),
    version: z.string().nullable(),
    collapsed: z.boolean(),
    items: z.array(SidebarItemSchema),
  }),
);

/** An entry of a sidebar: a page link or a folder group (a discriminated union on `type`). */
export const SidebarItemSchema: z.ZodType<SidebarItem> = z.lazy(() => z.union([SidebarLinkSchema, SidebarGroupSchema]));
