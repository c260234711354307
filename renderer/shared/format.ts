/** Pure text helpers for UI strings. */
import type { UiStrings } from '@vitrina-docs/schemas';

/** Fills `{name}` markers: `fill('By {authors}', { authors: 'A' })`. Unknown markers stay as they are. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}

/**
 * A date (ISO date or date-time) in the locale's long form, from the UI strings' month names
 * (in UTC, so that server and browser agree). Not Intl.DateTimeFormat: its first use for a
 * locale loads that locale's data, ~35 ms of main thread for Russian.
 */
export function formatDate(iso: string, strings: UiStrings['date']): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return fill(strings.format, { day: date.getUTCDate(), month: strings.months[date.getUTCMonth()]!, year: date.getUTCFullYear() });
}

/** The year of an ISO date, as a string. */
export function yearOf(iso: string): string {
  return iso.slice(0, 4);
}
