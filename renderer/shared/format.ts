/** Pure text helpers for UI strings. */

/** Fills `{name}` markers: `fill('By {authors}', { authors: 'A' })`. Unknown markers stay as they are. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date (ISO date or date-time) in the locale's long form, in UTC so that server and browser agree. */
export function formatDate(iso: string, lang: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = formats.get(lang);
  if (!format)
    formats.set(lang, (format = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })));
  return format.format(date);
}

/** The year of an ISO date, as a string. */
export function yearOf(iso: string): string {
  return iso.slice(0, 4);
}
