/**
 * The "Try it" button of an API method page. The console itself is a chunk of its own, loaded
 * when the reader first opens it: a page that is only read loads none of its code.
 */
import { useState, type ComponentType } from 'react';
import type { ApiOperation } from '@vitrina-docs/schemas';
import { useUi } from '../components/ui-context.ts';

type Console = ComponentType<{ operation: ApiOperation; onClose: () => void }>;

export function TryIt({ operation }: { operation: ApiOperation }) {
  const ui = useUi();
  const [open, setOpen] = useState(false);
  const [Console, setConsole] = useState<Console | null>(null);
  const [failed, setFailed] = useState(false);
  const show = () => {
    setOpen(true);
    setFailed(false);
    if (!Console)
      import('./ApiConsole.tsx').then(
        (m) => setConsole(() => m.ApiConsole),
        () => setFailed(true),
      );
  };
  if (!open || failed)
    return (
      <div className="try-it">
        <button type="button" className="copy-button try-it-open" onClick={show}>
          {ui.console.open}
        </button>
        {failed && <span role="alert">{ui.loadError.title}</span>}
      </div>
    );
  return Console ? <Console operation={operation} onClose={() => setOpen(false)} /> : <p role="status">{ui.console.loading}</p>;
}
