import { useSite } from '../app/site-context.ts';
import { Link } from '../components/Link.tsx';
import { useUi } from '../components/ui-context.ts';
import { withLocale } from '@vitrina-docs/schemas/paths';

export function NotFoundView() {
  const ui = useUi();
  const { state } = useSite();
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
    </div>
  );
}
