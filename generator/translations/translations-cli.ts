import type { TranslationReport } from '@vitrina-docs/schemas';
import { Diagnostics } from '../diagnostics.ts';
import { loadContent } from '../pipeline/load.ts';
import { markTranslations } from './mark.ts';
import { translationPairs, translationStatus, type TranslationPair } from './status.ts';

export interface TranslationsCommand {
  root: string;
  /** Pages to look at (either side of a pair), relative to the root; all when empty. */
  files: string[];
  mark: boolean;
  format: 'text' | 'json';
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

/** `vitrina-docs translations`: lists translations behind their source, or (`--mark`) records them as in step. */
export function runTranslations(cmd: TranslationsCommand): CommandOutput {
  const content = loadContent(cmd.root, new Diagnostics());
  const pairs = selectPairs(translationPairs(content.pages), cmd.files);
  if (typeof pairs === 'string') return { code: 2, stdout: '', stderr: `${pairs}\n` };
  if (cmd.mark) {
    const changed = markTranslations(pairs);
    const lines = changed.map((f) => `marked ${f}`);
    lines.push(`${changed.length} translation${changed.length === 1 ? '' : 's'} marked, ${pairs.length - changed.length} already in step`);
    return { code: 0, stdout: '', stderr: `${lines.join('\n')}\n` };
  }
  const pages = pairs.map(translationStatus).filter((s) => s.state !== 'current');
  const report: TranslationReport = {
    pages,
    outdated: pages.filter((s) => s.state === 'outdated').length,
    unmarked: pages.filter((s) => s.state === 'unmarked').length,
  };
  if (cmd.format === 'json') return { code: 0, stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: '' };
  const width = Math.max(0, ...pages.map((s) => s.file.length));
  const lines = pages.map((s) =>
    s.state === 'outdated'
      ? `${s.file.padEnd(width)}  outdated  ${s.source} changed since the translation was marked (${s.recorded} → ${s.current})`
      : `${s.file.padEnd(width)}  unmarked  never marked as a translation of ${s.source}`,
  );
  lines.push(
    pages.length
      ? `${pages.length} translation${pages.length === 1 ? '' : 's'} to look at (${report.outdated} outdated, ${report.unmarked} never marked); after updating one, run vitrina-docs translations --mark <file>`
      : `all ${pairs.length} translations are in step with their source`,
  );
  return { code: 0, stdout: `${lines.join('\n')}\n`, stderr: '' };
}
