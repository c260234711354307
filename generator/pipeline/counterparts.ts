/**
 * Version counterparts: for every page of a versioned sidebar (mobile ic3/ic2, api v1.5/v1), the
 * same page in each other version, so that the version selector keeps the reader's place. In
 * order: the page's own `counterpart` key, a page of the other version whose key names this one,
 * for API pages the operation with the same path and method, and the same path with the version
 * segment replaced. A declared counterpart that does not exist is an error; a versioned page
 * without any is a warning (`counterpart: false` says there is none on purpose).
 */
import type { LocaleCode, SiteConfig } from '@vitrina-docs/schemas';
import type { Diagnostics } from '../diagnostics.ts';
import type { OpenApiDescription } from '../openapi/load-openapi.ts';
import { positionOf } from '../yaml-source.ts';
import type { Page } from './check.ts';

/** Route path → version id → route path of the counterpart (same locale). */
export type Counterparts = Map<string, Record<string, string>>;

/** `GET /visits/` and `GET /visits` are the same operation. */
function operationKey(page: Page, apis: ReadonlyMap<string, OpenApiDescription>): string | null {
  const api = page.fm.api;
  const version = api?.version ?? page.version;
  const op = api && version ? apis.get(version)?.operations.get(api.operation) : undefined;
  return op ? `${op.method} ${op.path.replace(/\/+$/, '') || '/'}` : null;
}

function report(diagnostics: Diagnostics, page: Page, code: string, message: string, error: boolean): void {
  const pos = page.src.frontmatter ? positionOf(page.src.frontmatter, ['counterpart'], true) : { line: 1, column: 1 };
  if (error) diagnostics.error(page.src.file, pos.line, pos.column, code, message);
  else diagnostics.warn(page.src.file, pos.line, pos.column, code, message);
}

/**
 * Finds the counterparts of every versioned page. `apis` may lack a description (a quick check of
 * a few files): API pages then match by their declared keys and paths only, without a warning.
 */
export function resolveCounterparts(
  pages: readonly Page[],
  site: Pick<SiteConfig, 'versions'>,
  apis: ReadonlyMap<string, OpenApiDescription>,
  diagnostics: Diagnostics,
): Counterparts {
  const out: Counterparts = new Map();
  const byLocaleKey = new Map<string, Page>();
  const id = (locale: LocaleCode, key: string) => `${locale} ${key}`;
  for (const p of pages) if (p.kind === 'doc') byLocaleKey.set(id(p.locale, p.key), p);
  const versioned = pages.filter((p) => p.kind === 'doc' && p.sidebar && p.version && site.versions[p.sidebar]);

  // Declared keys, checked, and their reverse links.
  const declared = new Map<Page, Page>();
  const declaredBy = new Map<Page, Page[]>();
  for (const p of pages) {
    const target = p.fm.counterpart;
    if (typeof target !== 'string') continue;
    const q = byLocaleKey.get(id(p.locale, target.replace(/\/+$/, '')));
    if (!q) {
      report(
        diagnostics,
        p,
        'counterpart-missing',
        `counterpart ${target} is not a page: write the route of the same page in the other version`,
        true,
      );
      continue;
    }
    if (!p.version || q.sidebar !== p.sidebar || !q.version || q.version === p.version) {
      report(
        diagnostics,
        p,
        'counterpart-wrong-version',
        `counterpart ${target} must be a page of another version of the same sidebar (this page: ${p.sidebar ?? 'blog'} ${p.version ?? 'no version'}, it: ${q.sidebar ?? 'blog'} ${q.version ?? 'no version'})`,
        true,
      );
      continue;
    }
    declared.set(p, q);
    declaredBy.set(q, [...(declaredBy.get(q) ?? []), p]);
  }

  // API pages by operation (path and method), per locale and version.
  const byOperation = new Map<string, Page>();
  for (const p of versioned) {
    const key = operationKey(p, apis);
    if (key && !byOperation.has(`${p.locale} ${p.version} ${key}`)) byOperation.set(`${p.locale} ${p.version} ${key}`, p);
  }

  for (const p of versioned) {
    const versions = site.versions[p.sidebar!]!.items.map((v) => v.id).filter((v) => v !== p.version);
    const found: Record<string, string> = {};
    const own = declared.get(p);
    if (own) found[own.version!] = own.path;
    for (const q of declaredBy.get(p) ?? []) found[q.version!] ??= q.path;
    if (p.fm.counterpart !== false) {
      const opKey = operationKey(p, apis);
      for (const v of versions) {
        if (found[v]) continue;
        const byOp = opKey ? byOperation.get(`${p.locale} ${v} ${opKey}`) : undefined;
        if (byOp) {
          found[v] = byOp.path;
          continue;
        }
        const segments = p.key.split('/');
        const i = segments.indexOf(p.version!);
        if (i > 0) {
          segments[i] = v;
          const same = byLocaleKey.get(id(p.locale, segments.join('/')));
          if (same && same.sidebar === p.sidebar && same.version === v && same.fm.counterpart !== false) found[v] = same.path;
        }
      }
    }
    out.set(p.path, found);
    const apiUnknown = Boolean(p.fm.api) && !apis.has(p.fm.api?.version ?? p.version!);
    if (p.fm.counterpart === undefined && !Object.keys(found).length && !apiUnknown) {
      report(
        diagnostics,
        p,
        'no-counterpart',
        `${p.key} (${p.version}) has no counterpart in ${versions.join(', ')}: add counterpart: <route of the same page there> to the frontmatter, or counterpart: false when there is none`,
        false,
      );
    }
  }
  return out;
}
