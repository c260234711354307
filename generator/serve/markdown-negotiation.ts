/**
 * Markdown on request: a page URL asked for with `Accept: text/markdown` is answered with the
 * page's markdown (`<route>.md`), as deploy/nginx/site.conf answers it; the HTML names it in a
 * `Link` header. The rule is the nginx configuration's: the Accept header names text/markdown
 * with a weight above 0.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** True when an Accept header asks for markdown (`text/markdown`, not `;q=0`). */
export function acceptsMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    if (type !== 'text/markdown') return false;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The site path of a page's markdown (`/docs/a` → `/docs/a.md`) when the build wrote one, else null. */
export function markdownOf(dir: string, path: string): string | null {
  if (path === '/' || path.endsWith('/') || path.endsWith('.md')) return null;
  const file = join(dir, `${path}.md`);
  return existsSync(file) && statSync(file).isFile() ? `${path}.md` : null;
}

/** The `Link` header of a page that has markdown. */
export const markdownLink = (mdPath: string) => `<${encodeURI(mdPath)}>; rel="alternate"; type="text/markdown"`;
