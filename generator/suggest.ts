import leven from 'leven';

export interface SuggestOptions {
  /** How many suggestions at most (default 3). */
  limit?: number;
  /** Largest edit distance still taken for a typo (default: from the name's length). */
  maxDistance?: number;
}

const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е');

/** A typo's allowance grows with the name: 1 edit for short names, up to 4 for long paths. */
function allowance(name: string): number {
  const n = name.length;
  return n <= 2 ? 1 : n <= 6 ? 2 : n <= 14 ? 3 : 4;
}

/**
 * The known names closest to a mistyped one, best first: same name in another case, then the
 * fewest edits (Levenshtein, case-insensitive), then a name that starts with it (`warn` →
 * `warning`). Names further away than a typo are not suggested.
 */
export function closestNames(name: string, candidates: Iterable<string>, options: SuggestOptions = {}): string[] {
  const limit = options.limit ?? 3;
  const max = options.maxDistance ?? allowance(name);
  const target = fold(name);
  const scored: { name: string; score: number }[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    if (c === name || seen.has(c)) continue;
    seen.add(c);
    const folded = fold(c);
    let score = leven(target, folded, { maxDistance: max + 1 });
    if (score > max) {
      // A prefix of a longer name (`warn`, `descr`): as good as a long typo.
      const [short, long] = target.length < folded.length ? [target, folded] : [folded, target];
      if (short.length >= 3 && short.length >= long.length * 0.4 && long.startsWith(short)) score = max + 0.5;
      else continue;
    }
    scored.push({ name: c, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
  const best = scored[0]?.score;
  // Only the best-scoring names: a list of near misses of different quality only distracts.
  return scored
    .filter((s) => s.score === best)
    .slice(0, limit)
    .map((s) => s.name);
}

/**
 * ` (did you mean "warning"?)`, ` (did you mean "a" or "b"?)`, or '' when nothing is close.
 * `show` writes each suggestion as the writer would type it (quoted by default).
 */
export function didYouMean(
  name: string,
  candidates: Iterable<string>,
  options: SuggestOptions & { show?: (candidate: string) => string } = {},
): string {
  const found = closestNames(name, candidates, options);
  if (!found.length) return '';
  const show = options.show ?? ((c: string) => `"${c}"`);
  const shown = found.map(show);
  const list = shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
  return ` (did you mean ${list}?)`;
}
