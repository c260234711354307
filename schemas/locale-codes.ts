/**
 * The locale codes as plain constants, without zod: the browser bundle imports these (through
 * renderer/shared/paths.ts) and must not pull in zod. locale.ts re-exports them.
 */
export const LOCALES = ['ru', 'en'] as const;
export const DEFAULT_LOCALE = 'ru';
export type LocaleCode = (typeof LOCALES)[number];
