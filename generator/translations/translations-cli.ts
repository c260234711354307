import type { TranslationHunk, TranslationReport, TranslationStatus } from '@vitrina-docs/schemas';
import { Diagnostics } from '../diagnostics.ts';
import { loadContent } from '../pipeline/load.ts';
import { markTranslations } from './mark.ts';
import { findMarkedSource } from './marked-sources.ts';
import { sourceChanges } from './source-diff.ts';
import { translationPairs, translationStatus, type TranslationPair } from './status.ts';

export interface TranslationsCommand {
  root: string;
  /** Pages to look at (either side of a pair), relative to the root; all when empty. */
  files: string[];
  mark: boolean;
  format: 'text' | 'json';
  /** Colour the removed and added lines (a terminal without NO_COLOR). */
  colour?: boolean;
}

export interface CommandOutput {
  code: number;
  stdout: string;
  stderr: string;
}

function selectPairs(pairs: TranslationPair[], files: string[]): TranslationPair[] | string {
  if (!files.length) return pairs;
  const wanted = new Set(files);
  const selected = pairs.filter((p) => wanted.has(p.translation.file) || wanted.has(p.source.file));
  const known = new Set(selected.flatMap((p) => [p.translation.file, p.source.file]));
  const unknown = files.filter((f) => !known.has(f));
  return unknown.length ? `not a page with a translation: ${unknown.join(', ')}` : selected;
}

/** The status of a pair, with the source's changes since the mark when it is outdated. */
function statusWithChanges(root: string, pair: TranslationPair): TranslationStatus {
  const status = translationStatus(pair);
  if (status.state !== 'outdated' || !status.recorded) return status;
  const marked = findMarkedSource(root, pair.source.file, status.recorded);
  if (!marked) return { ...status, changes: null };
  const { text, ...where } = marked;
  return { ...status, changes: { ...where, hunks: sourceChanges(text, pair.source.source) } };
}

/** Hunks as a writer reads them: where, then the removed and added lines, indented under the page. */
function formatHunks(file: string, hunks: readonly TranslationHunk[], colour: boolean): string[] {
  const paint = (line: string) =>
    !colour ? line : line.startsWith('-') ? `\x1b[31m${line}\x1b[39m` : line.startsWith('+') ? `\x1b[32m${line}\x1b[39m` : line;
  return hunks.flatMap((h) => [`    ${file}:${h.newStart}`, ...h.lines.map((l) => `      ${paint(l)}`)]);
}

/** `vitrina-docs translations`: lists translations behind their source with what changed there, or (`--mark`) records them as in step. */
export function runTranslations(cmd: TranslationsCommand): CommandOutput {
  const content = loadContent(cmd.root, new Diagnostics());
  const pairs = selectPairs(translationPairs(content.pages), cmd.files);
  if (typeof pairs === 'string') return { code: 2, stdout: '', stderr: `${pairs}\n` };
  if (cmd.mark) {
    const changed = markTranslations(cmd.root, pairs);
    const lines = changed.map((f) => `marked ${f}`);
    lines.push(`${changed.length} translation${changed.length === 1 ? '' : 's'} marked, ${pairs.length - changed.length} already in step`);
    return { code: 0, stdout: '', stderr: `${lines.join('\n')}\n` };
  }
  const sourceOf = new Map(pairs.map((p) => [p.translation.file, p]));
  const pages = pairs
    .map(translationStatus)
    .filter((s) => s.state !== 'current')
    .map((s) => statusWithChanges(cmd.root, sourceOf.get(s.file)!));
  const report: TranslationReport = {
    pages,
    outdated: pages.filter((s) => s.state === 'outdated').length,
    unmarked: pages.filter((s) => s.state === 'unmarked').length,
  };
  if (cmd.format === 'json') return { code: 0, stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: '' };
  const lines: string[] = [];
  for (const s of pages) {
    if (s.state === 'unmarked') {
      lines.push(`${s.file}  unmarked: never marked as a translation of ${s.source}`);
      continue;
    }
    const c = s.changes;
    const since = c?.commit ? ` (marked against commit ${c.commit.slice(0, 7)}${c.date ? ` of ${c.date.slice(0, 10)}` : ''})` : '';
    lines.push(`${s.file}  outdated: ${s.source} changed since the translation was marked${since}`);
    if (!c) lines.push(`    the marked version (${s.recorded}) is in neither the git history nor .cache/: compare the two pages by hand`);
    else if (!c.hunks.length) lines.push('    only whitespace and line breaks changed');
    else lines.push(...formatHunks(s.source, c.hunks, Boolean(cmd.colour)));
  }
  lines.push(
    pages.length
      ? `${pages.length} translation${pages.length === 1 ? '' : 's'} to look at (${report.outdated} outdated, ${report.unmarked} never marked); after updating one, run vitrina-docs translations --mark <file>`
      : `all ${pairs.length} translations are in step with their source`,
  );
  return { code: 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
}
