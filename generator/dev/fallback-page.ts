import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Manifest, ManifestChunk, PageData, RouteEntry, SidebarItem } from '@vitrina-docs/schemas';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sidebarList(items: readonly SidebarItem[]): string {
  const li = items.map((item) =>
    item.type === 'link'
      ? `<li><a href="${escape(item.path)}">${escape(item.label)}</a></li>`
      : `<li>${item.path ? `<a href="${escape(item.path)}">${escape(item.label)}</a>` : escape(item.label)}${sidebarList(item.items)}</li>`,
  );
  return `<ul>${li.join('')}</ul>`;
}

/** The plain page's styles, served as a file (the CSP allows no inline style). */
export const FALLBACK_CSS =
  'body{font:16px/1.55 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1c1e21}pre{overflow:auto;padding:.75rem;background:#f6f8fa}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.3rem .5rem}.admonition{border-left:4px solid #2f5bd3;padding:.1rem 1rem;background:#f3f6fd}.vd-dev-note{font-size:.85rem;color:#666;border-bottom:1px solid #eee;padding-bottom:.5rem}';

/**
 * A plain page for the dev server while the renderer is not built: the page body drawn from
 * its JSON (made by this generator from checked markdown, raw HTML refused), or the route's
 * sidebar (from its chunks) for the other routes. Enough to read what one writes.
 */
export function fallbackPage(
  manifest: Manifest,
  chunks: readonly (readonly [string, ManifestChunk])[],
  route: RouteEntry | null,
  page: PageData | null,
): { html: string; status: number } {
  const locale = route?.locale ?? manifest.defaultLocale;
  const data = manifest.locales[locale];
  let main: string;
  if (page) {
    const links = [
      page.prev && `<a rel="prev" href="${escape(page.prev.path)}">← ${escape(page.prev.title)}</a>`,
      page.next && `<a rel="next" href="${escape(page.next.path)}">${escape(page.next.title)} →</a>`,
    ].filter(Boolean);
    main = `<h1>${escape(page.title)}</h1><p class="description">${escape(page.description)}</p>${toHtml(page.body as Root)}<nav class="pager">${links.join(' ')}</nav>`;
  } else if (route) {
    const sidebars = chunks.flatMap(([, chunk]) =>
      chunk.kind === 'sidebar'
        ? [`<h2>${escape(data?.navbar.find((n) => n.sidebar === chunk.sidebar)?.label ?? chunk.sidebar)}</h2>${sidebarList(chunk.items)}`]
        : [],
    );
    main = `<h1>${escape(route.title)}</h1>${sidebars.join('')}`;
  } else {
    main = `<h1>${escape(data?.ui.notFound.title ?? 'Page not found')}</h1>`;
  }
  const html = `<!doctype html>
<html lang="${escape(data?.info.lang ?? locale)}">
<head><meta charset="utf-8"><meta name="vitrina-dev-fallback" content="reload"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(page?.title ?? route?.title ?? manifest.site.name)}</title>
${manifest.assets.css.map((href) => `<link rel="stylesheet" href="${escape(href)}">`).join('')}
<link rel="stylesheet" href="/__vitrina/fallback.css">
</head>
<body><p class="vd-dev-note">vitrina-docs dev: the renderer is not built (npm run build:renderer), so this is a plain preview of the page.</p><main>${main}</main></body>
</html>
`;
  return { html, status: route ? 200 : 404 };
}
