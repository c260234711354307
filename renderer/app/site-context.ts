import { createContext, useContext } from 'react';
import type { BlogPostSummary, LocaleData } from '@vitrina-docs/schemas';
import type { Router, RouterState } from '../router/router.ts';

/** What the site shell and its views share: the router, its state and the locale's data. */
export interface Site {
  router: Router;
  state: RouterState;
  data: LocaleData;
}

export const SiteContext = createContext<Site | null>(null);

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside the site shell');
  return site;
}

/** The blog posts of the shown locale, newest first (from the blog chunk, which the router loads with a blog page). */
export function useBlogPosts(): BlogPostSummary[] {
  const { state } = useSite();
  return state.routes.blog(state.locale)?.posts ?? [];
}
