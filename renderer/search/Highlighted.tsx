/** Text with the matched ranges in <mark>: drawn as text nodes, never as HTML. */
export function Highlighted({ text, ranges }: { text: string; ranges: [number, number][] }) {
  const parts = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
