/**
 * The routes of the site: those the shell (manifest.json) holds, and those of the chunks loaded
 * so far, with the rule that maps a path to the chunks that may hold it (the longest `prefix` of
 * the locale's chunk references and of the parts the loaded trees name; the versions of a
 * sidebar tried in turn). Pure and synchronous: loading is the caller's (the browser router
 * fetches, the prerender passes a page's chunks).
 */
import type {
  BlogChunk,
  ChunkRef,
  LocaleCode,
  Manifest,
  ManifestChunk,
  RouteEntry,
  SidebarChunk,
  SidebarId,
  SidebarItem,
  SidebarPartChunk,
  SidebarPartRef,
} from '@vitrina-docs/schemas';
import { canonicalPath, isUnder, localeOfPath } from '@vitrina-docs/schemas/paths';

/** What a path leads to with the chunks loaded so far. */
export type Resolution =
  | { status: 'found'; path: string; route: RouteEntry }
  | { status: 'not-found'; path: string }
  /** The route may be in one of these chunks (in the order to try them): load the first, then resolve again. */
  | { status: 'pending'; path: string; chunks: ChunkRef[] };

/** The version to try first for a path of a versioned sidebar (the reader's selection), if any. */
export type PreferredVersion = (sidebar: SidebarId) => string | null;

/** Routes with a page JSON. */
export function hasPageData(route: RouteEntry | null | undefined): route is Extract<RouteEntry, { data: string }> {
  return route?.kind === 'doc' || route?.kind === 'blog-post';
}

export class SiteRoutes {
  private readonly loaded = new Map<string, ManifestChunk>();
  private readonly byPath = new Map<string, RouteEntry>();
  /** The parts named by the trees loaded so far. */
  private readonly parts: ChunkRef[] = [];
  /** Sidebar trees with their loaded parts in place, by chunk URL (valid while no chunk is added). */
  private readonly trees = new Map<string, SidebarChunk>();

  constructor(
    readonly manifest: Manifest,
    chunks: Iterable<readonly [string, ManifestChunk]> = [],
  ) {
    for (const data of Object.values(manifest.locales)) for (const route of data?.routes ?? []) this.byPath.set(route.path, route);
    for (const [url, chunk] of chunks) this.add(url, chunk);
  }

  /** Takes in a loaded chunk. */
  add(url: string, chunk: ManifestChunk): void {
    if (this.loaded.has(url)) return;
    this.loaded.set(url, chunk);
    this.trees.clear();
    for (const route of chunk.routes) if (!this.byPath.has(route.path)) this.byPath.set(route.path, route);
    if (chunk.kind === 'blog') return;
    for (const { url, prefix } of partsNamedBy(chunk))
      this.parts.push({ kind: 'part', sidebar: chunk.sidebar, version: chunk.version, prefix, url });
  }

  /** The parts the loaded trees name. */
  partRefs(): readonly ChunkRef[] {
    return this.parts;
  }

  has(url: string): boolean {
    return this.loaded.has(url);
  }

  /** The loaded chunks, by URL. */
  entries(): [string, ManifestChunk][] {
    return [...this.loaded];
  }

  /** A route known now (shell or loaded chunks), without following redirects. */
  get(path: string): RouteEntry | undefined {
    return this.byPath.get(path);
  }

  /**
   * The chunk references (the shell's and the parts named so far) of the longest prefix of
   * `path`, the preferred version first; with `unloaded`, among those not loaded yet (a page of
   * another version is not in the parts the loaded version names: its own chunk comes next).
   */
  candidates(path: string, preferred?: PreferredVersion, unloaded = false): ChunkRef[] {
    const refs = [...(this.manifest.locales[localeOfPath(path)]?.chunks ?? []), ...this.parts];
    let best: ChunkRef[] = [];
    for (const ref of refs) {
      if (!isUnder(path, ref.prefix) || (unloaded && this.loaded.has(ref.url))) continue;
      if (!best.length || ref.prefix.length > best[0]!.prefix.length) best = [ref];
      else if (ref.prefix.length === best[0]!.prefix.length) best.push(ref);
    }
    const first = best[0]?.sidebar && preferred ? preferred(best[0].sidebar) : null;
    return first ? [...best.filter((r) => r.version === first), ...best.filter((r) => r.version !== first)] : best;
  }

  /** Follows redirect routes (at most a few hops) to the route that is drawn, as far as the loaded chunks tell. */
  resolve(path: string, preferred?: PreferredVersion): Resolution {
    let current = canonicalPath(path);
    for (let hops = 0; hops < 5; hops++) {
      const route = this.byPath.get(current);
      if (!route) {
        const chunks = this.candidates(current, preferred, true);
        return chunks.length ? { status: 'pending', path: current, chunks } : { status: 'not-found', path: current };
      }
      if (route.kind !== 'redirect') return { status: 'found', path: current, route };
      current = canonicalPath(route.to);
    }
    return { status: 'not-found', path: current };
  }

  /** The reference of a sidebar's chunk in a version (null for sidebars without versions). */
  sidebarRef(locale: LocaleCode, sidebar: SidebarId, version: string | null): ChunkRef | undefined {
    const refs = this.manifest.locales[locale]?.chunks ?? [];
    return refs.find((r) => r.kind === 'sidebar' && r.sidebar === sidebar && r.version === version);
  }

  /**
   * A sidebar's chunk in a version, when it is loaded, with the parts loaded so far in place: a
   * group whose part is not loaded has `part` and no items.
   */
  sidebar(locale: LocaleCode, sidebar: SidebarId, version: string | null): SidebarChunk | undefined {
    const ref = this.sidebarRef(locale, sidebar, version);
    const chunk = ref ? this.loaded.get(ref.url) : undefined;
    if (chunk?.kind !== 'sidebar') return undefined;
    let tree = this.trees.get(ref!.url);
    if (!tree) {
      tree = this.parts.some((p) => this.loaded.has(p.url)) ? { ...chunk, items: this.withParts(chunk.items) } : chunk;
      this.trees.set(ref!.url, tree);
    }
    return tree;
  }

  private withParts(items: SidebarItem[]): SidebarItem[] {
    return items.map((item) => {
      if (item.type !== 'group') return item;
      const part = item.part ? (this.loaded.get(item.part.url) as SidebarPartChunk | undefined) : undefined;
      return part || item.items.length ? { ...item, items: this.withParts(part ? part.items : item.items) } : item;
    });
  }

  /**
   * The first part on the way to `path` in a sidebar's tree (in a version) that is not loaded:
   * what to fetch so that the tree shows the page. Undefined when the chunk is not loaded or
   * nothing is missing.
   */
  missingPart(locale: LocaleCode, sidebar: SidebarId, version: string | null, path: string): string | undefined {
    const find = (items: readonly SidebarItem[]): string | undefined => {
      for (const item of items) {
        if (item.type !== 'group') continue;
        if (item.part && isUnder(path, item.part.prefix)) return item.items.length ? find(item.items) : item.part.url;
        const inner = find(item.items);
        if (inner) return inner;
      }
      return undefined;
    };
    const tree = this.sidebar(locale, sidebar, version);
    return tree ? find(tree.items) : undefined;
  }

  blogRef(locale: LocaleCode): ChunkRef | undefined {
    return this.manifest.locales[locale]?.chunks.find((r) => r.kind === 'blog');
  }

  /** The blog chunk of a locale, when it is loaded. */
  blog(locale: LocaleCode): BlogChunk | undefined {
    const ref = this.blogRef(locale);
    const chunk = ref ? this.loaded.get(ref.url) : undefined;
    return chunk?.kind === 'blog' ? chunk : undefined;
  }
}

/** The parts a chunk's tree names. */
export function partsNamedBy(chunk: ManifestChunk): SidebarPartRef[] {
  if (chunk.kind === 'blog') return [];
  const out: SidebarPartRef[] = [];
  const walk = (items: readonly SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'group') continue;
      if (item.part) out.push(item.part);
      walk(item.items);
    }
  };
  walk(chunk.items);
  return out;
}

/** Every chunk the shell names (the parts are named by these chunks' trees). */
export function allChunkRefs(manifest: Manifest): ChunkRef[] {
  return Object.values(manifest.locales).flatMap((data) => data?.chunks ?? []);
}

/** Resolves a path, loading the chunks it needs one after another with `load`. */
export async function resolveLoading(
  routes: SiteRoutes,
  path: string,
  load: (ref: ChunkRef) => Promise<void>,
  preferred?: PreferredVersion,
): Promise<Exclude<Resolution, { status: 'pending' }>> {
  for (;;) {
    const r = routes.resolve(path, preferred);
    if (r.status !== 'pending') return r;
    await load(r.chunks[0]!);
    if (!routes.has(r.chunks[0]!.url)) throw new Error(`chunk ${r.chunks[0]!.url} did not load`);
  }
}
