import { LOCALES, type LocaleCode } from '@vitrina-docs/schemas';
import { withLocale } from '@vitrina-docs/schemas/paths';

export type SourceKind = 'doc' | 'blog-post';

/** What a content file name says about its page. */
export interface SourceRoute {
  kind: SourceKind;
  locale: LocaleCode;
  /** Route without locale prefix, e.g. `/docs/mobile/ic3`. */
  key: string;
  /** Route with locale prefix. */
  path: string;
  /** Folder segments below content/docs, e.g. ['mobile', 'ic3'] for both ic3/index and ic3/auth's parent. */
  folder: string[];
  isIndex: boolean;
  /** Blog only: the date in the file name. */
  date?: string;
}

const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;
/** A segment that ends like a file name (`email.md`, `index.html`, `a.json`), not like a version (`v1.5`). */
const OUTPUT_EXTENSION = /\.[a-z][a-z0-9]*$/;
const LOCALE_PART = new RegExp(`\\.(${LOCALES.join('|')})\\.md$`);

export type RouteParse = { ok: true; route: SourceRoute } | { ok: false; reason: string };

/**
 * Maps a content file (relative to content/) to its route:
 * `docs/a/b.ru.md` → `/docs/a/b`, `docs/a/index.en.md` → `/en/docs/a`,
 * `blog/2021-05-18-ic3.ru.md` → `/blog/ic3`.
 */
export function routeOfFile(rel: string): RouteParse {
  const m = LOCALE_PART.exec(rel);
  if (!m) {
    return { ok: false, reason: `a page file is named <name>.<locale>.md with locale ${LOCALES.join(' or ')}` };
  }
  const locale = m[1] as LocaleCode;
  const stem = rel.slice(0, -m[0].length);
  const parts = stem.split('/');
  const bad = parts.find((p) => !SEGMENT.test(p));
  if (bad !== undefined) {
    return { ok: false, reason: `"${bad}" is not a valid route segment (lower-case letters, digits, ".", "_" and "-")` };
  }
  // `email.md` or `index.html` would be the name of a file the build writes beside a page
  // (its markdown source, its HTML): a segment may not end in a file extension (`v1.5` may).
  const collides = parts.find((p) => OUTPUT_EXTENSION.test(p));
  if (collides !== undefined) {
    return {
      ok: false,
      reason: `"${collides}" ends in a file extension: the route would collide with a file the build writes (${collides}, ${collides}/index.html)`,
    };
  }
  if (parts[0] === 'docs' && parts.length >= 2) {
    const isIndex = parts[parts.length - 1] === 'index';
    const routeParts = isIndex ? parts.slice(1, -1) : parts.slice(1);
    if (routeParts.length === 0) return { ok: false, reason: 'content/docs/index is not a page: /docs leads to /docs/mobile' };
    const key = `/docs/${routeParts.join('/')}`;
    return {
      ok: true,
      route: {
        kind: 'doc',
        locale,
        key,
        path: withLocale(key, locale),
        folder: isIndex ? routeParts : routeParts.slice(0, -1),
        isIndex,
      },
    };
  }
  if (parts[0] === 'blog' && parts.length === 2) {
    const bm = /^(\d{4}-\d{2}-\d{2})-([a-z0-9][a-z0-9-]*)$/.exec(parts[1] ?? '');
    if (!bm) return { ok: false, reason: 'a blog post is named YYYY-MM-DD-<slug>.<locale>.md' };
    const key = `/blog/${bm[2]}`;
    return {
      ok: true,
      route: { kind: 'blog-post', locale, key, path: withLocale(key, locale), folder: [], isIndex: false, date: bm[1] },
    };
  }
  return { ok: false, reason: 'pages live in content/docs/ or content/blog/' };
}
