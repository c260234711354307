import { useEffect, useState } from 'react';
import { useSite } from '../app/site-context.ts';
import { Link } from '../components/Link.tsx';
import { useUi } from '../components/ui-context.ts';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { suggestPages, type Suggestion } from './not-found-suggestions.ts';

export function NotFoundView() {
  const ui = useUi();
  const { state, router } = useSite();
  const path = state.location.path;
  const [found, setFound] = useState<{ path: string; items: Suggestion[] } | null>(null);
  useEffect(() => {
    let live = true;
    // The prerendered page (and its hydration) knows no path yet: suggestions come after.
    suggestPages({ path, locale: state.locale, router }).then(
      (items) => live && setFound({ path, items }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [path, state.locale, router]);
  const items = found?.path === path ? found.items : [];
  return (
    <div className="message-page">
      <p className="message-code" aria-hidden="true">
        404
      </p>
      <h1>{ui.notFound.title}</h1>
      <p>{ui.notFound.text}</p>
      <p>
        <Link href={withLocale('/', state.locale)} className="button">
          {ui.notFound.backHome}
        </Link>
      </p>
      <div className="not-found-suggestions" aria-live="polite">
        {items.length > 0 && (
          <>
            <h2>{ui.notFound.suggestions}</h2>
            <ul>
              {items.map((s) => {
                const info = s.locale ? state.manifest.locales[s.locale]?.info : undefined;
                return (
                  <li key={s.path}>
                    <Link href={s.path} hrefLang={info?.lang} lang={info?.lang}>
                      {s.title}
                    </Link>{' '}
                    <small>
                      {s.path}
                      {info ? ` · ${ui.notFound.otherLocale.replace('{language}', info.label)}` : ''}
                    </small>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
