/**
 * The reference part of an API method page, drawn from `page.operation` (already in the
 * page's language): parameters, request body fields, response fields, status codes.
 */
import type { ReactNode } from 'react';
import type { ApiField, ApiOperation, ApiParameter, UiStrings } from '@vitrina-docs/schemas';
import { safeUrl } from '../hast/safe-url.ts';
import { breakable } from './BreakableCode.tsx';
import { Link } from './Link.tsx';
import { API_SECTION_IDS as IDS } from './operation-toc.ts';
import { useUi } from './ui-context.ts';

/** OpenAPI descriptions are short markdown: draw their `code` spans, the rest as text. */
export function InlineText({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 ? <code key={i}>{breakable(part)}</code> : part))}</>;
}

function Details({ item, ui }: { item: Pick<ApiField, 'description' | 'enum' | 'default'>; ui: UiStrings }) {
  return (
    <>
      {item.description && (
        <p>
          <InlineText text={item.description} />
        </p>
      )}
      {item.enum && item.enum.length > 0 && (
        <p className="api-values">
          {ui.api.allowedValues}{' '}
          {item.enum.map((v, i) => (
            <span key={i}>
              {i > 0 && ', '}
              <code>{breakable(String(v))}</code>
            </span>
          ))}
        </p>
      )}
      {item.default !== undefined && (
        <p className="api-values">
          {ui.api.defaultValue} <code>{breakable(item.default)}</code>
        </p>
      )}
    </>
  );
}

function Name({ name, required, ui }: { name: string; required: boolean; ui: UiStrings }) {
  return (
    <>
      <code className="api-name">{breakable(name)}</code>{' '}
      <span className={required ? 'api-required' : 'api-optional'}>{required ? ui.api.required : ui.api.optional}</span>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="api-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A reference table: on a narrow screen (content.css) each row becomes a card, name, location
 * and type (or status and error code) on one line and the description under them.
 */
function TableOf({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="table-scroll table-cards" tabIndex={0}>
      <table className="api-table">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function ParametersTable({ parameters, ui }: { parameters: ApiParameter[]; ui: UiStrings }) {
  return (
    <TableOf head={[ui.api.name, ui.api.location, ui.api.type, ui.api.description]}>
      {parameters.map((p) => (
        <tr key={`${p.in}:${p.name}`}>
          <td className="api-field">
            <Name name={p.name} required={p.required} ui={ui} />
          </td>
          <td className="api-in">{p.in}</td>
          <td className="api-type">
            <code>{breakable(p.type)}</code>
          </td>
          <td className="api-description">
            <Details item={p} ui={ui} />
          </td>
        </tr>
      ))}
    </TableOf>
  );
}

function FieldsTable({ fields, ui }: { fields: ApiField[]; ui: UiStrings }) {
  return (
    <TableOf head={[ui.api.name, ui.api.type, ui.api.description]}>
      {fields.map((f) => (
        <tr key={f.path} data-depth={Math.min(f.depth, 6)}>
          <td className="api-field" data-depth={Math.min(f.depth, 6)}>
            <Name name={f.name} required={f.required} ui={ui} />
          </td>
          <td className="api-type">
            <code>{breakable(`${f.type}${f.nullable ? ' | null' : ''}`)}</code>
          </td>
          <td className="api-description">
            <Details item={f} ui={ui} />
          </td>
        </tr>
      ))}
    </TableOf>
  );
}

export function OperationTables({ operation }: { operation: ApiOperation }) {
  const ui = useUi();
  const withFields = operation.responses.filter((r) => r.fields.length);
  return (
    <div className="api-reference">
      {operation.parameters.length > 0 && (
        <Section id={IDS.parameters} title={ui.api.parameters}>
          <ParametersTable parameters={operation.parameters} ui={ui} />
        </Section>
      )}
      {operation.requestBody && operation.requestBody.fields.length > 0 && (
        <Section id={IDS.requestBody} title={ui.api.requestBody}>
          <p className="api-content-type">
            <code>{operation.requestBody.contentType}</code>
          </p>
          <FieldsTable fields={operation.requestBody.fields} ui={ui} />
        </Section>
      )}
      {withFields.length > 0 && (
        <Section id={IDS.responseFields} title={ui.api.responseFields}>
          {withFields.map((r) => (
            <div key={r.status}>
              {withFields.length > 1 && (
                <h3 className="api-response-status">
                  {r.status} <code>{r.contentType}</code>
                </h3>
              )}
              <FieldsTable fields={r.fields} ui={ui} />
            </div>
          ))}
        </Section>
      )}
      {operation.responses.length > 0 && (
        <Section id={IDS.statusCodes} title={ui.api.statusCodes}>
          <TableOf head={[ui.api.status, ui.api.description]}>
            {operation.responses.map((r) => (
              <tr key={r.status}>
                <td>
                  <code className={`status status-${r.status.charAt(0)}xx`}>{r.status}</code>
                  {r.code && (
                    <>
                      {' '}
                      <code className="api-error-code">{r.code}</code>
                    </>
                  )}
                </td>
                <td>
                  <InlineText text={r.description} />
                </td>
              </tr>
            ))}
          </TableOf>
        </Section>
      )}
      {operation.changes.length > 0 && (
        <Section id={IDS.changes} title={ui.api.changes}>
          <p>{ui.api.changesNote}</p>
          <ul className="api-changes">
            {operation.changes.map((c) => (
              <li key={c.url}>
                <Link href={c.url}>{c.title}</Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <p className="api-spec">
        <a href={safeUrl(operation.specUrl) ?? undefined} download>
          {ui.api.downloadSpec}
        </a>
        {' · '}
        <a href={safeUrl(operation.postman.collection) ?? undefined} download>
          {ui.api.postmanCollection}
        </a>
        {', '}
        <a href={safeUrl(operation.postman.environment) ?? undefined} download>
          {ui.api.postmanEnvironment}
        </a>
      </p>
    </div>
  );
}
