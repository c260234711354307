/**
 * The request samples of an operation (generated at build time from the description, see
 * generator/openapi/request-samples.ts), in the language the reader chose last: the choice is
 * kept in localStorage, so that every method page shows that language.
 */
import { useId, useState } from 'react';
import type { ApiConsoleData } from '@vitrina-docs/schemas';
import { CopyButton } from '../components/CopyButton.tsx';
import { useUi } from '../components/ui-context.ts';
import { storedLanguage, storeLanguage } from './stored-values.ts';

export function RequestSamples({ samples }: { samples: ApiConsoleData['samples'] }) {
  const ui = useUi();
  const id = useId();
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
        <pre className="api-console-body" tabIndex={0} data-language={sample.id}>
          <code>{sample.code}</code>
        </pre>
        <CopyButton text={() => sample.code} label={ui.code.copy} done={ui.code.copied} />
      </div>
    </section>
  );
}
