import { useSite } from '../app/site-context.ts';
import { Link } from '../components/Link.tsx';
import { useUi } from '../components/ui-context.ts';

/**
 * A page whose JSON did not load: the error's message and a Retry button. Offline, a page the
 * service worker does not keep: what does open offline instead (the offline sidebars), and Retry.
 */
export function LoadErrorView({ message }: { message: string }) {
  const ui = useUi();
  const { router, state, data } = useSite();
  const retry = (
    <p>
      <button type="button" className="button" onClick={() => router.retry()}>
        {ui.loadError.retry}
      </button>
    </p>
  );
  if (state.offline) {
    const kept = data.navbar.filter((item) => state.manifest.offline?.sidebars.includes(item.sidebar));
    return (
      <div className="message-page offline-message" role="alert">
        <h1>{ui.offline.unavailableTitle}</h1>
        <p>{ui.offline.unavailableText}</p>
        {kept.length > 0 && (
          <ul className="offline-links">
            {kept.map((item) => (
              <li key={item.sidebar}>
                <Link href={item.path}>{item.label}</Link>
              </li>
            ))}
          </ul>
        )}
        {retry}
      </div>
    );
  }
  return (
    <div className="message-page" role="alert">
      <h1>{ui.loadError.title}</h1>
      <p className="error-message">
        <code>{message}</code>
      </p>
      {retry}
    </div>
  );
}
