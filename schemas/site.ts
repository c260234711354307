import { z } from 'zod';
import { LocalizedStringSchema, LocaleCodeSchema } from './locale.ts';
import { SidebarIdSchema, VersionIdSchema } from './sidebar.ts';

/**
 * A path of this site that a redirect leads from or to, and that the build writes as a file: a
 * route's segments only (no `.` or `..`, which would lead out of the output, no backslash, white
 * space, control character, `%`, `?` or `#`), and not `//host` (another site).
 */
export const SitePathSchema = z
  .string()
  .regex(
    /^\/(?:[a-z0-9_~-][a-z0-9._~-]*(?:\/[a-z0-9_~-][a-z0-9._~-]*)*\/?)?$/i,
    'a path of this site: "/" and route segments of letters, digits, ".", "_", "~" and "-" (no "..", no "//", no backslash, space or control character)',
  );

/** A link in the navbar or the footer: a site route (no locale prefix) or an https URL. */
export const ConfigLinkSchema = z.strictObject({
  label: LocalizedStringSchema,
  to: z.string().regex(/^(\/|https:\/\/|mailto:)/, 'a site route starting with "/", an https URL or a mailto: link'),
});

export const AnalyticsSchema = z
  .discriminatedUnion('provider', [
    z.strictObject({ provider: z.literal('none') }),
    z.strictObject({
      provider: z.literal('yandex-metrica'),
      id: z.string().regex(/^\d+$/).describe('Yandex Metrica counter id'),
    }),
    z.strictObject({
      provider: z.literal('ga4'),
      id: z
        .string()
        .regex(/^G-[A-Z0-9]+$/)
        .describe('Google Analytics 4 measurement id'),
    }),
  ])
  .describe('The third-party analytics service that receives one page view per route change');
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const VersionSetSchema = z.strictObject({
  current: VersionIdSchema.describe('The version selected by default'),
  items: z
    .array(
      z.strictObject({
        id: VersionIdSchema,
        name: z.string().min(1).optional().describe('Short name in texts such as the legacy notice ("IC3", "v1.5"); the id by default'),
        label: LocalizedStringSchema,
        legacy: z.boolean().default(false),
      }),
    )
    .min(2),
});
export type VersionSet = z.infer<typeof VersionSetSchema>;

/** A site-wide message above the navbar (a release, a maintenance window). */
export const AnnouncementConfigSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .describe('Names this announcement: a reader who dismissed it does not see it again; give a new one a new id'),
    text: LocalizedStringSchema.describe('The message, one short sentence'),
    link: ConfigLinkSchema.optional().describe('A link after the text: a site route (no locale prefix) or an https URL'),
    until: z.iso.date().optional().describe('Last day it is shown (YYYY-MM-DD, Moscow time); shown until removed without it'),
  })
  .describe('The announcement bar');
export type AnnouncementConfig = z.infer<typeof AnnouncementConfigSchema>;

/** `content/site.yaml`: the site configuration. */
export const SiteConfigSchema = z
  .strictObject({
    name: z.string().min(1).describe('Product name shown in the navbar and titles'),
    url: z.url().describe('Canonical origin of the documentation site, without trailing slash'),
    productUrl: z.url().describe('The product website linked from the navbar'),
    copyrightYear: z.number().int().min(2000).max(2100),
    copyrightHolder: z.string().min(1),
    editUrl: z.url().describe('Prefix of the edit link; the file path under content/ is appended'),
    defaultLocale: LocaleCodeSchema,
    locales: z
      .array(
        z.strictObject({
          code: LocaleCodeSchema,
          label: z.string().min(1),
          lang: z.string().min(2),
          dir: z.enum(['ltr', 'rtl']).default('ltr'),
        }),
      )
      .min(1),
    analytics: AnalyticsSchema,
    sidebars: z
      .array(
        z.strictObject({
          id: SidebarIdSchema,
          label: LocalizedStringSchema,
          landing: z.string().startsWith('/docs/').describe('Route the navbar item leads to'),
        }),
      )
      .describe('The navbar order of the sidebars'),
    versions: z.partialRecord(SidebarIdSchema, VersionSetSchema).describe('Sidebars with a version dimension'),
    footer: z.strictObject({
      columns: z.array(z.strictObject({ title: LocalizedStringSchema, links: z.array(ConfigLinkSchema) })),
    }),
    announcement: AnnouncementConfigSchema.optional(),
    redirects: z
      .array(z.strictObject({ from: SitePathSchema, to: SitePathSchema }))
      .default([])
      .describe('Extra routes that lead elsewhere (in every locale)'),
    offline: z
      .strictObject({
        sidebars: z
          .array(SidebarIdSchema)
          .min(1)
          .describe('The sidebars (every version) that a service worker keeps for reading offline, with their search'),
      })
      .optional()
      .describe('Offline reading: without it the site registers no service worker'),
  })
  .describe('The site configuration (content/site.yaml)');
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
