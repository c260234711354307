/** The whole site: the router's state drawn in the shell, plus the browser behaviour hooks. */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { UiContext } from '../components/ui-context.ts';
import { useAnalytics } from '../hooks/useAnalytics.ts';
import { useDocumentMeta } from '../hooks/useDocumentMeta.ts';
import { useScrollRestoration } from '../hooks/useScrollRestoration.ts';
import { useScrollToHash } from '../hooks/useScrollToHash.ts';
import { useLinkHandling } from '../hooks/useLinkHandling.ts';
import { usePrefetchVisible } from '../hooks/usePrefetch.ts';
import type { Router } from '../router/router.ts';
import { documentMeta } from '../shared/document-meta.ts';
import { Layout } from './Layout.tsx';
import { SiteContext } from './site-context.ts';
import { RouteView } from './RouteView.tsx';

export function App({ router }: { router: Router }) {
  const state = useSyncExternalStore(router.subscribe, router.getState, router.getServerState);
  useEffect(() => router.start(), [router]);
  const data = state.manifest.locales[state.locale] ?? state.manifest.locales[state.manifest.defaultLocale]!;
  const site = useMemo(() => ({ router, state, data }), [router, state, data]);
  const links = useMemo(() => ({ navigate: router.navigate, prefetch: router.prefetch }), [router]);
  const meta = documentMeta(state.manifest, data, state.route, state.page, state.offline && state.error !== null);
  useDocumentMeta(meta, data.info);
  useScrollToHash(state);
  useScrollRestoration();
  // The offline app shell is not a page view until it draws the page of its address.
  const shell = state.offline && state.route === null && state.error === null;
  useAnalytics(state.manifest.site.analytics, shell ? null : state.location.path, meta.title);
  const root = useRef<HTMLDivElement>(null);
  const linkHandling = useLinkHandling(links);
  usePrefetchVisible(root, links, state.navigation.id);
  return (
    <SiteContext value={site}>
      <UiContext value={data.ui}>
        <div className="vd-shell" ref={root} {...linkHandling}>
          <Layout>
            <RouteView />
          </Layout>
        </div>
      </UiContext>
    </SiteContext>
  );
}
