import { useSite } from '../app/site-context.ts';
import { useUi } from '../components/ui-context.ts';

/** A page whose JSON did not load: the error's message and a Retry button. */
export function LoadErrorView({ message }: { message: string }) {
  const ui = useUi();
  const { router } = useSite();
  return (
    <div className="message-page" role="alert">
      <h1>{ui.loadError.title}</h1>
      <p className="error-message">
        <code>{message}</code>
      </p>
      <p>
        <button type="button" className="button" onClick={() => router.retry()}>
          {ui.loadError.retry}
        </button>
      </p>
    </div>
  );
}
