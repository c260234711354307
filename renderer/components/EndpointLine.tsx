import type { ApiOperation } from '@vitrina-docs/schemas';
import { CopyButton } from './CopyButton.tsx';
import { useUi } from './ui-context.ts';

/** Method badge and URL of an API method, with a button that copies the URL. */
export function EndpointLine({ operation }: { operation: ApiOperation }) {
  const ui = useUi();
  return (
    <div className="endpoint" role="group" aria-label={ui.api.endpoint}>
      <span className={`method-badge method-${operation.method.toLowerCase()}`}>{operation.method}</span>
      <code className="endpoint-url">{operation.url}</code>
      <CopyButton text={() => operation.url} label={ui.api.copyEndpoint} done={ui.code.copied} />
    </div>
  );
}
