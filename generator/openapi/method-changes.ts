/**
 * What changed, per API method: the release notes (pages of docs/releases) that link to a
 * method page are the notes that changed that method. Inverted here: for each page (locale and
 * route key), the notes of its locale that link to it, newest first.
 */
import type { LocaleCode } from '@vitrina-docs/schemas';
import type { TransformedPage } from '../pipeline/transform.ts';

export interface MethodChange {
  title: string;
  url: string;
}

const RELEASES = 'releases';

/** `${locale}:${route key}` → the release notes of that locale that link to the page, newest first. */
export function releaseNotesByPage(pages: readonly TransformedPage[]): Map<string, MethodChange[]> {
  // (A note's route key ends in its month, 2021-11: newest first is the keys in reverse order.)
  const notes = pages
    .filter((p) => p.kind === 'doc' && p.folder[0] === RELEASES && !p.isIndex)
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  const byPage = new Map<string, MethodChange[]>();
  for (const note of notes) {
    const targets = new Set(note.compiled.links.map((l) => l.key).filter((k): k is string => k !== null && k !== note.key));
    for (const target of targets) {
      const at = pageKey(note.locale, target);
      const list = byPage.get(at) ?? [];
      list.push({ title: note.fm.title, url: note.path });
      byPage.set(at, list);
    }
  }
  return byPage;
}

export function pageKey(locale: LocaleCode, key: string): string {
  return `${locale}:${key}`;
}
