/**
 * The request samples of an operation, in the language the reader chose last (kept in
 * localStorage, so that every method page shows that language): those of the build (generated
 * from the description's examples, see generator/openapi/request-samples.ts) until the reader
 * changes the request in the console, then those of the request being made (live-samples.ts).
 */
import { useId, useMemo, useState } from 'react';
import type { ApiConsoleData } from '@vitrina-docs/schemas';
import { CopyButton } from '../components/CopyButton.tsx';
import { useUi } from '../components/ui-context.ts';
import { liveSamples } from './live-samples.ts';
import type { BuiltRequest } from './request.ts';
import { storedLanguage, storeLanguage } from './stored-values.ts';

const sameRequest = (a: BuiltRequest, b: BuiltRequest) => a.url === b.url && a.body === b.body;

export function RequestSamples({
  built,
  request,
  initial,
}: {
  /** The build's samples, of `initial`. */
  built: ApiConsoleData['samples'];
  /** The request the console would send (with a placeholder for the key). */
  request: BuiltRequest;
  /** The request of the description's examples on its first server. */
  initial: BuiltRequest;
}) {
  const ui = useUi();
  const id = useId();
  const samples = useMemo(() => (sameRequest(request, initial) ? built : liveSamples(request, built)), [built, request, initial]);
  const [language, setLanguage] = useState(() => storedLanguage() ?? samples[0]?.id ?? '');
  const sample = samples.find((s) => s.id === language) ?? samples[0];
  if (!sample) return null;
  return (
    <section className="api-console-samples" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{ui.console.samples}</h3>
      <div className="api-console-field">
        <label htmlFor={`${id}-language`}>{ui.console.language}</label>
        <select
          id={`${id}-language`}
          value={sample.id}
          onChange={(e) => {
            setLanguage(e.target.value);
            storeLanguage(e.target.value);
          }}
        >
          {samples.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <p className="api-console-hint">{ui.console.samplesNote}</p>
      <div className="api-console-sample">
        <pre className="api-console-sample-code" tabIndex={0} data-language={sample.id}>
          <code>{sample.code}</code>
        </pre>
        <CopyButton text={() => sample.code} label={ui.code.copy} done={ui.code.copied} />
      </div>
    </section>
  );
}
