import { z } from 'zod';
import { LOCALES } from './locale-codes.ts';
import { plainText } from './text.ts';

/** The site's locales. `ru` is the default and lives at the root; `en` lives under `/en`. */
export { DEFAULT_LOCALE, LOCALES } from './locale-codes.ts';

export const LocaleCodeSchema = z.enum(LOCALES).describe('A locale code of the site');
export type LocaleCode = z.infer<typeof LocaleCodeSchema>;

/** A text given in every locale. */
export const LocalizedStringSchema = z
  .strictObject({
    ru: plainText().min(1).describe('The Russian text'),
    en: plainText().min(1).describe('The English text'),
  })
  .describe('A text in every locale of the site');
export type LocalizedString = z.infer<typeof LocalizedStringSchema>;

/** A locale as the manifest describes it to the browser. */
export const LocaleInfoSchema = z.strictObject({
  code: LocaleCodeSchema,
  label: z.string().describe('Name of the language in itself, for the locale switcher'),
  lang: z.string().describe('BCP 47 tag for <html lang>'),
  dir: z.enum(['ltr', 'rtl']),
  pathPrefix: z.string().describe('"" for the default locale, "/en" for English'),
});
export type LocaleInfo = z.infer<typeof LocaleInfoSchema>;
