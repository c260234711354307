import { DocView } from '../views/DocView.tsx';
import { LoadErrorView } from '../views/LoadErrorView.tsx';
import { lazyViews } from '../views/registry.ts';
import { useSite } from './site-context.ts';

/** The view of the shown route (its code is loaded before the route is shown). */
export function RouteView() {
  const { state } = useSite();
  const { route, page, error } = state;
  const views = lazyViews();
  if (error !== null) return <LoadErrorView message={error} />;
  // The offline app shell draws its page once the router has loaded it.
  if (!route) return state.offline ? null : views.NotFoundView ? <views.NotFoundView /> : null;
  switch (route.kind) {
    case 'doc':
      return page ? <DocView key={page.path} page={page} /> : null;
    case 'blog-post':
      return page && views.BlogPostView ? <views.BlogPostView key={page.path} page={page} /> : null;
    case 'home':
      return views.HomeView ? <views.HomeView /> : null;
    case 'search':
      return views.SearchView ? <views.SearchView /> : null;
    case 'blog-index':
      return views.BlogIndexView ? <views.BlogIndexView /> : null;
    case 'blog-archive':
      return views.BlogArchiveView ? <views.BlogArchiveView /> : null;
    case 'redirect':
      return null;
  }
}
