/** Segments two routes share from the start. */
function sharedSegments(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/**
 * Adds a route's line to content/routes.tsv beside its relatives: among the lines that share
 * the most leading segments with it, after the last one that sorts before it.
 */
export function addToInventory(text: string, line: string): string {
  const route = line.split('\t')[0]!;
  const lines = text.replace(/\n$/, '').split('\n');
  let bestShared = 0;
  let first = -1;
  let lastBefore = -1;
  lines.forEach((l, i) => {
    if (!l.trim() || l.startsWith('#')) return;
    const other = l.split('\t')[0]!.trim();
    const shared = sharedSegments(route, other);
    if (shared > bestShared) {
      bestShared = shared;
      first = i;
      lastBefore = -1;
    }
    if (shared === bestShared && shared > 0 && other < route) lastBefore = i;
  });
  const at = lastBefore >= 0 ? lastBefore + 1 : first >= 0 ? first : lines.length;
  lines.splice(at, 0, line);
  return `${lines.join('\n')}\n`;
}
