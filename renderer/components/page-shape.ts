/**
 * What in a page's JSON DocPage cannot draw, or null: the fields it reads, checked for their
 * shape (not their content, which the sanitiser and the components check). Page JSON comes from
 * another origin at run time; a wrong one must not take the embedding app's tree down.
 */
const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

export function pageShapeProblem(page: unknown): string | null {
  if (page === null || typeof page !== 'object' || Array.isArray(page)) return `the page is ${kindOf(page)}, not an object`;
  const p = page as Record<string, unknown>;
  for (const key of ['title', 'locale'] as const) if (typeof p[key] !== 'string') return `"${key}" is ${kindOf(p[key])}, not a string`;
  const body = p.body as Record<string, unknown> | null | undefined;
  if (body === null || typeof body !== 'object' || body.type !== 'root' || !Array.isArray(body.children))
    return `"body" is ${kindOf(body)}, not a root node with children`;
  if (!Array.isArray(p.toc)) return `"toc" is ${kindOf(p.toc)}, not an array`;
  const entry = (p.toc as unknown[]).findIndex(
    (e) =>
      e === null ||
      typeof e !== 'object' ||
      typeof (e as { id?: unknown }).id !== 'string' ||
      typeof (e as { text?: unknown }).text !== 'string',
  );
  if (entry >= 0) return `"toc[${entry}]" is not an entry with an id and a text`;
  const op = p.operation;
  if (op !== undefined && op !== null && (typeof op !== 'object' || Array.isArray(op)))
    return `"operation" is ${kindOf(op)}, not an object or null`;
  return null;
}
