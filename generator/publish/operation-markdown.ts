import type { ApiField, ApiOperation, LocaleCode } from '@vitrina-docs/schemas';

const LABELS = {
  ru: {
    heading: 'Метод API',
    deprecated: 'Метод устарел.',
    parameters: 'Параметры',
    body: 'Тело запроса',
    responses: 'Ответы',
    columns: ['Имя', 'Где', 'Тип', 'Обязателен', 'Описание'],
    fields: ['Поле', 'Тип', 'Обязательно', 'Описание'],
    yes: 'да',
    no: 'нет',
    spec: 'Описание OpenAPI',
  },
  en: {
    heading: 'API operation',
    deprecated: 'This operation is deprecated.',
    parameters: 'Parameters',
    body: 'Request body',
    responses: 'Responses',
    columns: ['Name', 'In', 'Type', 'Required', 'Description'],
    fields: ['Field', 'Type', 'Required', 'Description'],
    yes: 'yes',
    no: 'no',
    spec: 'OpenAPI description',
  },
} as const;

/** A table cell: one line, no pipe that would end the cell. */
const cell = (s: string) => s.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

function fieldRows(fields: readonly ApiField[], locale: LocaleCode): string[] {
  const l = LABELS[locale];
  return [
    `| ${l.fields.join(' | ')} |`,
    `|${' --- |'.repeat(l.fields.length)}`,
    ...fields.map((f) => {
      const extra = [f.enum ? `(${f.enum.map((v) => JSON.stringify(v)).join(', ')})` : '', f.default ? `= ${f.default}` : '']
        .filter(Boolean)
        .join(' ');
      return `| \`${cell(f.path)}\` | ${cell(f.type)}${f.nullable ? ' \\| null' : ''} | ${f.required ? l.yes : l.no} | ${cell(`${f.description} ${extra}`)} |`;
    }),
  ];
}

/**
 * An API method page's operation as markdown (what the page draws above its text from the OpenAPI
 * description): the endpoint, parameters, request body and response fields, for `<route>.md`,
 * llms-full.txt and the MCP server.
 */
export function operationMarkdown(op: ApiOperation, locale: LocaleCode, siteUrl: string): string {
  const l = LABELS[locale];
  const out = [`## ${l.heading}: \`${op.operationId}\` {#operation}`, '', `\`${op.method} ${op.url}\` (API ${op.version})`, ''];
  if (op.deprecated) out.push(`**${l.deprecated}**`, '');
  if (op.summary || op.description) out.push([op.summary, op.description].filter(Boolean).join('. ').replace(/\.\./g, '.'), '');
  if (op.parameters.length) {
    out.push(`### ${l.parameters}`, '', `| ${l.columns.join(' | ')} |`, `|${' --- |'.repeat(l.columns.length)}`);
    for (const p of op.parameters) {
      const extra = [p.enum ? `(${p.enum.map((v) => JSON.stringify(v)).join(', ')})` : '', p.default ? `= ${p.default}` : '']
        .filter(Boolean)
        .join(' ');
      out.push(`| \`${cell(p.name)}\` | ${p.in} | ${cell(p.type)} | ${p.required ? l.yes : l.no} | ${cell(`${p.description} ${extra}`)} |`);
    }
    out.push('');
  }
  if (op.requestBody) {
    out.push(`### ${l.body} (${op.requestBody.contentType})`, '', ...fieldRows(op.requestBody.fields, locale), '');
  }
  if (op.responses.length) {
    out.push(`### ${l.responses}`, '');
    for (const r of op.responses) {
      out.push(`#### ${r.status}${r.code ? ` \`${r.code}\`` : ''}`, '', cell(r.description) || '—', '');
      if (r.fields.length) out.push(...fieldRows(r.fields, locale), '');
    }
  }
  out.push(`${l.spec}: ${siteUrl.replace(/\/$/, '')}${op.specUrl}`, '');
  return out.join('\n');
}
