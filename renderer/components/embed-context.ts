/**
 * What an embedding app decides about drawing a page: element overrides, where links point, where
 * the site's files are, and what a click on an internal link does. The site itself provides none
 * of it (its router handles links); DocPage and a stand-alone PageBody provide it from their props.
 */
import { createContext, useContext } from 'react';
import type { HastComponents } from '../hast/draw-hast.ts';

export type ColourMode = 'light' | 'dark';

export interface EmbedOptions {
  /**
   * Tag name → the component that draws elements of that tag instead of the renderer's own
   * (`a`, `h2`, `h3`, `table`, `figure`, `img`, `aside`, or any other allowed element). It
   * receives the element's React props, its children and its hast `node`.
   */
  components?: HastComponents;
  /**
   * The href to draw for a link to a page of the site (`/docs/mobile#x`, `/en/docs/portal`), e.g.
   * the host app's route for it; return the href unchanged to keep it. See `createHrefResolver`.
   */
  resolveHref?: (href: string) => string;
  /**
   * Origin (and path prefix) of the documentation site, for its own files that the page refers
   * to: images and downloads (`/img/…`, `/api/v1.5.yaml`). Default: the host's origin.
   */
  assetBase?: string;
  /**
   * Called instead of loading a page when the reader follows an internal link (a link whose
   * drawn href is a path of the host's origin), with that href: the host's router navigates.
   * Without it, links load as usual.
   */
  onNavigate?: (href: string) => void;
}

export const EmbedContext = createContext<EmbedOptions | null>(null);

/** The embedding options in effect (none on the site itself). */
export function useEmbed(): EmbedOptions | null {
  return useContext(EmbedContext);
}

/** A site path of a file (not a page), resolved against `assetBase`. */
export function assetUrl(url: string, embed: EmbedOptions | null): string {
  const base = embed?.assetBase;
  if (!base || !url.startsWith('/') || url.startsWith('//')) return url;
  return base.replace(/\/+$/, '') + url;
}
