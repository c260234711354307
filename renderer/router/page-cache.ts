/**
 * Page JSON on demand: one request per page URL, shared by prefetch and navigation.
 * A failed request is forgotten so that Retry asks the network again.
 */
import type { PageData } from '@vitrina-docs/schemas';
import { fetchJson } from './fetch-json.ts';

export interface PageCache {
  load(url: string): Promise<PageData>;
  /** The page when it has already arrived, for a navigation without a loading state. */
  peek(url: string): PageData | undefined;
  /** Seeds the cache with the page inlined in the prerendered HTML. */
  put(url: string, page: PageData): void;
  /** Drops a page, so that the next load asks the network (the dev server changed it). */
  forget(url: string): void;
}

export function createPageCache(fetchPage: (url: string) => Promise<PageData> = fetchJson): PageCache {
  const pending = new Map<string, Promise<PageData>>();
  const done = new Map<string, PageData>();
  return {
    load(url) {
      const hit = done.get(url);
      if (hit) return Promise.resolve(hit);
      let promise = pending.get(url);
      if (!promise) {
        promise = fetchPage(url).then(
          (page) => {
            done.set(url, page);
            pending.delete(url);
            return page;
          },
          (error: unknown) => {
            pending.delete(url);
            throw error;
          },
        );
        pending.set(url, promise);
      }
      return promise;
    },
    peek: (url) => done.get(url),
    forget(url) {
      done.delete(url);
      pending.delete(url);
    },
    put: (url, page) => void done.set(url, page),
  };
}
