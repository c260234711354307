import type { ApiOperation } from '@vitrina-docs/schemas';
import { breakable } from './BreakableCode.tsx';
import { CopyButton } from './CopyButton.tsx';
import { useUi } from './ui-context.ts';

/** The server part of an operation's URL (the URL without its path), or '' when it does not end with the path. */
function serverOf(operation: Pick<ApiOperation, 'url' | 'path'>): string {
  return operation.url.endsWith(operation.path) ? operation.url.slice(0, operation.url.length - operation.path.length) : '';
}

/**
 * Method and path of an API method first (`GET /catalog/sku/{id}`), the server under them,
 * and a button that copies the full URL.
 */
export function EndpointLine({ operation }: { operation: ApiOperation }) {
  const ui = useUi();
  const server = serverOf(operation);
  return (
    <div className="endpoint" role="group" aria-label={ui.api.endpoint}>
      <span className={`method-badge method-${operation.method.toLowerCase()}`}>{operation.method}</span>
      <code className="endpoint-path">{breakable(server ? operation.path : operation.url)}</code>
      <CopyButton text={() => operation.url} label={ui.api.copyEndpoint} done={ui.code.copied} />
      {server && <code className="endpoint-server">{breakable(server)}</code>}
    </div>
  );
}
