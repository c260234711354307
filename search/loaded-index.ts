/**
 * A locale's index as far as it is loaded: the entry (vocabulary, where postings and sections
 * are), and the postings and section files fetched so far. Files are fetched once, with `load`
 * (the caller's fetch of a site path, e.g. `/search/ru/p3.0123456789.json`); a failed fetch is
 * tried again the next time it is needed.
 */
import type {
  SearchDoc,
  SearchEntry,
  SearchPostingsChunk,
  SearchSectionGroup,
  SearchVersion,
  SearchWordsFile,
  SidebarId,
} from '@vitrina-docs/schemas';
import { decodeNumbers, decodeSortedWords } from './numbers-codec.ts';
import { decodePostings, type DecodedPostings } from './postings.ts';

export type LoadJson = (path: string) => Promise<unknown>;

/** The indexed fields and their boosts (title: the page title and, in the lead, its keywords). */
export const FIELDS = ['title', 'heading', 'text'] as const;
export const FIELD_BOOSTS: Record<(typeof FIELDS)[number], number> = { title: 4, heading: 2, text: 1 };

/** The kinds of page the entry's `pages` names. */
export const PAGE_KINDS = { guide: 0, overview: 1, item: 2 } as const;

interface Chunk {
  /** Per field, each term's encoded postings (decoded on first use). */
  encoded: string[][];
  decoded: (DecodedPostings | undefined)[][];
}

/** Binary search: the position of the last entry of `sorted` not above `n`. */
function lastAtMost(sorted: readonly { first: number }[], n: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (sorted[mid]!.first <= n) low = mid;
    else high = mid - 1;
  }
  return low;
}

export class LoadedIndex {
  readonly vocabulary: readonly string[];
  private readonly chunks: (Chunk | undefined)[];
  private readonly chunkLoads = new Map<number, Promise<void>>();
  private readonly groups: (SearchDoc[] | undefined)[];
  private readonly groupLoads = new Map<number, Promise<void>>();
  /** The version of each section file's sections (null: a sidebar without versions, or the blog). */
  private readonly groupVersions: (SearchVersion | null)[];
  /** The page of each section (its position among the pages, in section order); empty when the entry has no `pages`. */
  readonly pageOfSection: Int32Array;
  /** The kind of each page (PAGE_KINDS). */
  readonly pageKinds: Uint8Array;
  /** 1 for a section that is a list of links. */
  readonly linkSections: Uint8Array;

  constructor(
    readonly entry: SearchEntry,
    private readonly load: LoadJson,
  ) {
    this.vocabulary = decodeSortedWords(entry.vocabulary);
    this.chunks = new Array(entry.chunks.length);
    this.groups = new Array(entry.groups.length);
    const versionOf = new Map(entry.versions.map((v) => [`${v.sidebar}\u0000${v.id}`, v]));
    this.groupVersions = entry.groups.map((g) =>
      g.sidebar && g.version ? (versionOf.get(`${g.sidebar}\u0000${g.version}`) ?? null) : null,
    );
    const perPage = entry.pages ? decodeNumbers(entry.pages) : [];
    this.pageOfSection = new Int32Array(perPage.length ? entry.sections : 0);
    this.pageKinds = new Uint8Array(perPage.length >> 1);
    for (let p = 0, s = 0; 2 * p < perPage.length; p++) {
      this.pageKinds[p] = perPage[2 * p + 1]!;
      for (let end = Math.min(s + perPage[2 * p]!, entry.sections); s < end; s++) this.pageOfSection[s] = p;
    }
    this.linkSections = new Uint8Array(entry.sections);
    let at = 0;
    for (const gap of entry.links ? decodeNumbers(entry.links) : []) if ((at += gap) < entry.sections) this.linkSections[at] = 1;
  }

  get sectionCount(): number {
    return this.entry.sections;
  }

  /** Position of the first vocabulary entry not below `term`. */
  lowerBound(term: string): number {
    const v = this.vocabulary;
    let low = 0;
    let high = v.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (v[mid]! < term) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Position of a term in the vocabulary, or -1. */
  termAt(term: string): number {
    const at = this.lowerBound(term);
    return this.vocabulary[at] === term ? at : -1;
  }

  /** Positions of the terms that start with `prefix`, the shortest first, at most `limit`. */
  expand(prefix: string, limit: number): number[] {
    const out: number[] = [];
    for (let i = this.lowerBound(prefix); i < this.vocabulary.length && this.vocabulary[i]!.startsWith(prefix); i++) out.push(i);
    if (out.length <= limit) return out;
    return out.sort((a, b) => this.vocabulary[a]!.length - this.vocabulary[b]!.length || a - b).slice(0, limit);
  }

  private chunkOf(term: number): number {
    return lastAtMost(this.entry.chunks, term);
  }

  /** True when the postings of every one of these terms are loaded. */
  hasPostings(terms: Iterable<number>): boolean {
    for (const t of terms) if (!this.chunks[this.chunkOf(t)]) return false;
    return true;
  }

  /** How many postings files these terms need that are not loaded yet. */
  missingPostings(terms: Iterable<number>): number {
    const missing = new Set<number>();
    for (const t of terms) {
      const c = this.chunkOf(t);
      if (!this.chunks[c]) missing.add(c);
    }
    return missing.size;
  }

  /** Fetches the postings files these terms are in. */
  async loadPostings(terms: Iterable<number>): Promise<void> {
    const wanted = new Set<number>();
    for (const t of terms) wanted.add(this.chunkOf(t));
    await Promise.all([...wanted].map((c) => this.loadChunk(c)));
  }

  private loadChunk(c: number): Promise<void> {
    if (this.chunks[c]) return Promise.resolve();
    let p = this.chunkLoads.get(c);
    if (!p) {
      p = this.load(this.entry.chunks[c]!.url).then((json) => {
        const body = json as SearchPostingsChunk;
        const encoded = this.entry.fields.map((f) => (body[f] ?? '').split(' '));
        this.chunks[c] = { encoded, decoded: encoded.map((e) => new Array<DecodedPostings | undefined>(e.length)) };
      });
      p.catch(() => this.chunkLoads.delete(c));
      this.chunkLoads.set(c, p);
    }
    return p;
  }

  /** A term's postings in a field (field = position in FIELDS); empty when the field lacks it. Its chunk must be loaded. */
  postings(field: number, term: number): DecodedPostings {
    const c = this.chunkOf(term);
    const chunk = this.chunks[c];
    if (!chunk) throw new Error(`postings of "${this.vocabulary[term]}" are not loaded`);
    const at = term - this.entry.chunks[c]!.first;
    return (chunk.decoded[field]![at] ??= decodePostings(chunk.encoded[field]![at] ?? ''));
  }

  /** The group (sidebar, version, file) a section is in. */
  groupOf(section: number): number {
    return lastAtMost(this.entry.groups, section);
  }

  sidebarOf(section: number): SidebarId | null {
    return this.entry.groups[this.groupOf(section)]!.sidebar;
  }

  versionOfSection(section: number): SearchVersion | null {
    return this.groupVersions[this.groupOf(section)]!;
  }

  /** A section's document, or null when its file is not loaded yet. */
  doc(section: number): SearchDoc | null {
    const g = this.groupOf(section);
    return this.groups[g]?.[section - this.entry.groups[g]!.first] ?? null;
  }

  /** Fetches the section files of these sections. */
  async loadSections(sections: Iterable<number>): Promise<void> {
    const wanted = new Set<number>();
    for (const s of sections) wanted.add(this.groupOf(s));
    await Promise.all([...wanted].map((g) => this.loadGroup(g)));
  }

  private loadGroup(g: number): Promise<void> {
    if (this.groups[g]) return Promise.resolve();
    let p = this.groupLoads.get(g);
    if (!p) {
      const info = this.entry.groups[g]!;
      p = this.load(info.url).then((json) => {
        const body = json as SearchSectionGroup;
        this.groups[g] = body.sections.map(([page, anchor, heading, text], i) => {
          const [route, title, breadcrumbs] = body.pages[page]!;
          return {
            id: String(info.first + i),
            url: anchor ? `${route}#${anchor}` : route,
            route,
            anchor: anchor || null,
            title,
            heading,
            breadcrumbs,
            sidebar: info.sidebar,
            version: info.version,
            text,
          };
        });
      });
      p.catch(() => this.groupLoads.delete(g));
      this.groupLoads.set(g, p);
    }
    return p;
  }

  /** The written form of each vocabulary term (for "did you mean"). */
  async loadWords(): Promise<string[]> {
    const body = (await this.load(this.entry.words)) as SearchWordsFile;
    return body.words;
  }

  /** Every file a search of this locale may fetch (postings, sections), e.g. for a service worker to precache. */
  files(filter: { sidebars?: readonly (SidebarId | null)[] } = {}): string[] {
    const groups = this.entry.groups.filter((g) => !filter.sidebars || filter.sidebars.includes(g.sidebar));
    return [...this.entry.chunks.map((c) => c.url), ...groups.map((g) => g.url), this.entry.words];
  }
}
