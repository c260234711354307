import { z } from 'zod';
import { LocaleCodeSchema } from './locale.ts';
import { SidebarIdSchema } from './sidebar.ts';

/** One file the service worker keeps: fetched at install and checked against the build's hash. */
export const PrecacheEntrySchema = z.strictObject({
  url: z.string().startsWith('/').describe('Site path of the file (a clean route for a page)'),
  revision: z
    .string()
    .nullable()
    .describe('Hash of the content for a URL that does not change with it; null when the URL is content-hashed'),
  integrity: z.string().startsWith('sha256-').describe('Subresource Integrity of the content the build wrote'),
  bytes: z.number().int().nonnegative().describe('Size in bytes, uncompressed'),
});
export type PrecacheEntry = z.infer<typeof PrecacheEntrySchema>;

/**
 * What the service worker of a build (`/sw.js`) precaches: the app shell every locale needs, and
 * per locale its app shell document, the pages of the offline sidebars (page JSON, images), their
 * manifest chunks and the search files over them.
 */
export const OfflinePrecacheSchema = z
  .strictObject({
    buildId: z.string().describe('The buildId of the manifest shell this list belongs to'),
    sidebars: z.array(SidebarIdSchema),
    shared: z.array(PrecacheEntrySchema).describe('The app shell: scripts, stylesheets, the manifest shell'),
    locales: z.partialRecord(
      LocaleCodeSchema,
      z.strictObject({
        fallback: z.string().describe('The app shell document of the locale: the answer to every page request offline'),
        entries: z.array(PrecacheEntrySchema),
      }),
    ),
  })
  .describe('The precache list of the service worker, written into /sw.js by the build');
export type OfflinePrecache = z.infer<typeof OfflinePrecacheSchema>;
