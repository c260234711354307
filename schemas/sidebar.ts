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

/**
 * Where a group's pages live when they are not in the chunk that names the group: a part file,
 * fetched when the group opens or a page under `prefix` is shown.
 */
export interface SidebarPartRef {
  /** URL of the part (content-hashed). */
  url: string;
  /** The group's folder as a route, locale prefix included: every page of the part starts with it. */
  prefix: string;
}

export interface SidebarGroup {
  type: 'group';
  label: string;
  /** Route of the folder's index page, when it has one. */
  path: string | null;
  version: string | null;
  /** Whether the group starts folded. */
  collapsed: boolean;
  /** The group's pages, or none when they are in a part (`part`) not loaded yet. */
  items: SidebarItem[];
  /** Set when the group's pages are in a part of their own. */
  part?: SidebarPartRef;
}

export type SidebarItem = SidebarLink | SidebarGroup;

export const SidebarLinkSchema = z.strictObject({
  type: z.literal('link'),
  label: z.string(),
  path: z.string(),
  version: z.string().nullable(),
});

export const SidebarPartRefSchema = z.strictObject({
  url: z.string().describe('URL of the part file (content-hashed)'),
  prefix: z.string().describe("The group's folder as a route, locale prefix included: every page of the part starts with it"),
});

export const SidebarGroupSchema: z.ZodType<SidebarGroup> = z.lazy(() =>
  z.strictObject({
    type: z.literal('group'),
    label: z.string(),
    path: z.string().nullable(),
    version: z.string().nullable(),
    collapsed: z.boolean(),
    items: z.array(SidebarItemSchema).describe('The pages of the group; empty when they are in its part and that is not loaded'),
    part: SidebarPartRefSchema.optional().describe("Set when the group's pages are in a part file of their own"),
  }),
);

/** An entry of a sidebar: a page link or a folder group (a discriminated union on `type`). */
export const SidebarItemSchema: z.ZodType<SidebarItem> = z.lazy(() => z.union([SidebarLinkSchema, SidebarGroupSchema]));
