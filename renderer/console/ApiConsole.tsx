/**
 * The "Try it" console of an API method page, loaded (as a chunk of its own) when the reader
 * opens it: a form drawn from the operation, sent to the mock built into the page, a local mock
 * server or one of the description's servers; the answer with its status, headers, timing and
 * body, checked against the response schema.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { ApiConsoleData, ApiOperation, ApiParameter } from '@vitrina-docs/schemas';
import { useUi } from '../components/ui-context.ts';
import { fill } from '../shared/format.ts';
import { errorMessage, mockExchange, responseFor, sendRequest, type Exchange, type Failure } from './exchange.ts';
import { buildRequest, initialBody, initialValues, missingParameters, paramKey, typedValue, type Parameter } from './request.ts';
import { schemaProblems } from './schema-check.ts';
import { storedKey, storedMockUrl, storeKey, storeMockUrl } from './stored-values.ts';
import { KEY_PLACEHOLDER } from './live-samples.ts';
import { RequestSamples } from './RequestSamples.tsx';
import { useConsoleStylesheet } from './stylesheet.ts';

const MOCK = 'mock';
const LOCAL = 'local';
const PRISM_COMMAND = (version: string) => `npx @stoplight/prism-cli mock https://docs.vitrina.example/api/${version}.yaml`;

type Outcome = { exchange: Exchange } | { failure: Failure } | null;

function ParameterField({
  param,
  shown,
  value,
  problem,
  onChange,
}: {
  param: Parameter;
  shown: ApiParameter | undefined;
  value: string;
  problem: string | undefined;
  onChange: (v: string) => void;
}) {
  const ui = useUi();
  const id = useId();
  const choices = shown?.enum ?? (shown?.type === 'boolean' ? [true, false] : null);
  const hint = [shown?.type, shown?.default !== undefined ? `${ui.api.defaultValue} ${shown.default}` : ''].filter(Boolean).join(' · ');
  return (
    <div className="api-console-field">
      <label htmlFor={id}>
        <code>{param.name}</code> <span className="api-console-in">{param.in}</span>{' '}
        <span className={param.required ? 'api-required' : 'api-optional'}>{param.required ? ui.api.required : ui.api.optional}</span>
      </label>
      {choices ? (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-hint`}>
          {!param.required || !value ? <option value="">—</option> : null}
          {choices.map((c) => (
            <option key={String(c)} value={String(c)}>
              {String(c)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={param.example ?? ''}
          inputMode={shown?.type === 'integer' ? 'numeric' : undefined}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        />
      )}
      <span id={`${id}-hint`} className="api-console-hint">
        {hint}
      </span>
      {problem && (
        <span id={`${id}-problem`} className="api-console-problem">
          {problem}
        </span>
      )}
    </div>
  );
}

function ExchangeView({ data, outcome }: { data: ApiConsoleData; outcome: Outcome }) {
  const ui = useUi();
  if (!outcome) return null;
  if ('failure' in outcome) {
    const allowed = [...data.servers.map((s) => new URL(s.url).origin), 'http://127.0.0.1', 'http://localhost'].join(', ');
    return (
      <p className="api-console-alert" role="alert">
        {outcome.failure.kind === 'blocked' ? fill(ui.console.blocked, { origins: allowed }) : ui.console.network}
      </p>
    );
  }
  const { exchange } = outcome;
  const documented = responseFor(data, exchange.status);
  const problems =
    documented?.schema && exchange.json !== undefined ? schemaProblems(documented.schema, data.schemas, exchange.json) : null;
  const ok = exchange.status < 400;
  return (
    <>
      <p className="api-console-status">
        <span className={`api-console-code ${ok ? 'is-ok' : 'is-error'}`}>
          {exchange.status} {exchange.statusText}
        </span>
        {exchange.mock && <span className="api-console-mock">{ui.console.mockBadge}</span>}
        {!exchange.mock && <span className="api-console-time">{fill(ui.console.time, { ms: exchange.ms })}</span>}
      </p>
      {exchange.status === 401 && (
        <p className="api-console-alert" role="alert">
          {fill(ui.console.unauthorized, { message: errorMessage(exchange.json) })}
        </p>
      )}
      {exchange.headers.length > 0 && (
        <details className="api-console-headers">
          <summary>
            {ui.console.headers} ({exchange.headers.length})
          </summary>
          <dl>
            {exchange.headers.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      {exchange.text && (
        <pre className="api-console-body" tabIndex={0}>
          <code>{exchange.text}</code>
        </pre>
      )}
      {problems === null ? (
        exchange.json !== undefined && <p className="api-console-check">{ui.console.noSchema}</p>
      ) : problems.length === 0 ? (
        <p className="api-console-check is-ok">{ui.console.schemaValid}</p>
      ) : (
        <div className="api-console-check is-error">
          <p>{ui.console.schemaInvalid}</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>
                <code>{p}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function ConsoleForm({ operation, data }: { operation: ApiOperation; data: ApiConsoleData }) {
  const ui = useUi();
  const ids = useId();
  const [target, setTarget] = useState(MOCK);
  const [mockUrl, setMockUrl] = useState(storedMockUrl);
  const [key, setKey] = useState(storedKey);
  const [values, setValues] = useState(() => initialValues(data));
  const [body, setBody] = useState(() => initialBody(data));
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const shown = (p: Parameter) => operation.parameters.find((x) => x.name === p.name && x.in === p.in);
  const problems = useMemo(() => {
    const out: Record<string, string> = {};
    for (const p of data.parameters) {
      const text = (values[paramKey(p)] ?? '').trim();
      if (!text) {
        if (p.required && submitted) out[paramKey(p)] = fill(ui.console.missing, { name: p.name });
        continue;
      }
      const found = schemaProblems(p.schema, data.schemas, typedValue(p.schema, text), 1)[0];
      if (found) out[paramKey(p)] = found.replace(/^\/: /, '');
    }
    return out;
  }, [data, values, submitted, ui]);
  const bodyCheck = useMemo(() => {
    if (!data.requestBody || !body.trim()) return null;
    try {
      const parsed: unknown = JSON.parse(body);
      return { problems: schemaProblems(data.requestBody.schema, data.schemas, parsed) };
    } catch (e) {
      return { json: (e as Error).message };
    }
  }, [data, body]);

  const base = target === MOCK ? '' : target === LOCAL ? mockUrl : target;
  // The samples show the request as sent to a real server: the first one in mock mode; never the key.
  const firstServer = data.servers[0]?.url ?? '';
  const sampleRequest = useMemo(
    () => buildRequest(data, { base: target === MOCK || !URL.canParse(base) ? firstServer : base, values, body, token: KEY_PLACEHOLDER }),
    [data, target, firstServer, base, values, body],
  );
  const initialRequest = useMemo(
    () => buildRequest(data, { base: firstServer, values: initialValues(data), body: initialBody(data), token: KEY_PLACEHOLDER }),
    [data, firstServer],
  );
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (missingParameters(data, values).length || (bodyCheck && 'json' in bodyCheck)) return;
    if (target === MOCK) {
      setOutcome({ exchange: mockExchange(data) });
      return;
    }
    setSending(true);
    const result = await sendRequest(buildRequest(data, { base, values, body, token: key }));
    setSending(false);
    setOutcome('kind' in result ? { failure: result } : { exchange: result });
  };

  return (
    <>
      <form className="api-console-form" onSubmit={onSubmit} noValidate>
        <div className="api-console-field">
          <label htmlFor={`${ids}-target`}>{ui.console.target}</label>
          <select id={`${ids}-target`} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value={MOCK}>{ui.console.mockTarget}</option>
            {data.servers.map((s) => (
              <option key={s.url} value={s.url}>
                {s.url}
              </option>
            ))}
            <option value={LOCAL}>{ui.console.localTarget}</option>
          </select>
        </div>
        {target === MOCK && <p className="api-console-note">{ui.console.mockNote}</p>}
        {target === LOCAL && (
          <div className="api-console-field">
            <label htmlFor={`${ids}-base`}>{ui.console.baseUrl}</label>
            <input
              id={`${ids}-base`}
              type="url"
              value={mockUrl}
              onChange={(e) => {
                setMockUrl(e.target.value);
                storeMockUrl(e.target.value.trim());
              }}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${ids}-base-hint`}
            />
            <span id={`${ids}-base-hint`} className="api-console-hint">
              {ui.console.localNote
                .split('{command}')
                .map((part, i) => (i ? [<code key={i}>{PRISM_COMMAND(data.version)}</code>, part] : part))}
            </span>
          </div>
        )}
        {data.auth && target !== MOCK && (
          <div className="api-console-field">
            <label htmlFor={`${ids}-key`}>{ui.console.token}</label>
            <span className="api-console-key">
              <input
                id={`${ids}-key`}
                type="password"
                value={key}
                onChange={(e) => {
                  setKey(e.target.value);
                  storeKey(e.target.value);
                }}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={`${ids}-key-hint`}
              />
              <button
                type="button"
                className="copy-button"
                onClick={() => {
                  setKey('');
                  storeKey('');
                }}
              >
                {ui.console.clearToken}
              </button>
            </span>
            <span id={`${ids}-key-hint`} className="api-console-hint">
              {ui.console.tokenHint}
            </span>
          </div>
        )}
        {data.parameters.length > 0 && (
          <fieldset className="api-console-params">
            <legend>{ui.api.parameters}</legend>
            {data.parameters.map((p) => (
              <ParameterField
                key={paramKey(p)}
                param={p}
                shown={shown(p)}
                value={values[paramKey(p)] ?? ''}
                problem={problems[paramKey(p)]}
                onChange={(v) => setValues((old) => ({ ...old, [paramKey(p)]: v }))}
              />
            ))}
          </fieldset>
        )}
        {data.requestBody && (
          <div className="api-console-field">
            <label htmlFor={`${ids}-body`}>{ui.console.body}</label>
            <textarea
              id={`${ids}-body`}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              rows={Math.min(16, Math.max(4, body.split('\n').length))}
              spellCheck={false}
              autoComplete="off"
              aria-describedby={`${ids}-body-check`}
              aria-invalid={bodyCheck && ('json' in bodyCheck || bodyCheck.problems.length) ? true : undefined}
            />
            <div id={`${ids}-body-check`} className="api-console-check" aria-live="polite">
              {bodyCheck === null ? null : 'json' in bodyCheck ? (
                <p className="is-error">{fill(ui.console.jsonError, { message: bodyCheck.json ?? '' })}</p>
              ) : bodyCheck.problems.length === 0 ? (
                <p className="is-ok">{ui.console.bodyValid}</p>
              ) : (
                <>
                  <p className="is-error">{ui.console.bodyInvalid}</p>
                  <ul>
                    {bodyCheck.problems.map((p) => (
                      <li key={p}>
                        <code>{p}</code>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          </div>
        )}
        <button type="submit" className="api-console-send" disabled={sending}>
          {sending ? ui.console.sending : ui.console.send}
        </button>
      </form>
      <section className="api-console-result" aria-labelledby={`${ids}-response`} aria-live="polite" aria-busy={sending}>
        {outcome && <h3 id={`${ids}-response`}>{ui.console.response}</h3>}
        <ExchangeView data={data} outcome={outcome} />
      </section>
      <RequestSamples built={data.samples} request={sampleRequest} initial={initialRequest} />
    </>
  );
}

export function ApiConsole({ operation, onClose }: { operation: ApiOperation; onClose: () => void }) {
  const ui = useUi();
  const ready = useConsoleStylesheet();
  const [data, setData] = useState<ApiConsoleData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetch(operation.consoleUrl, { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<ApiConsoleData>) : Promise.reject(new Error(String(r.status)))))
      .then((d) => live && setData(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [operation.consoleUrl]);
  return (
    <div className="api-console" role="region" aria-labelledby="api-console-title" hidden={!ready}>
      <div className="api-console-head">
        <h2 id="api-console-title">{ui.console.title}</h2>
        <button type="button" className="copy-button" onClick={onClose}>
          {ui.console.close}
        </button>
      </div>
      {failed ? (
        <p className="api-console-alert" role="alert">
          {ui.loadError.title}
        </p>
      ) : data ? (
        <ConsoleForm operation={operation} data={data} />
      ) : (
        <p role="status">{ui.console.loading}</p>
      )}
    </div>
  );
}
