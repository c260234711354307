import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema, OpenApiDescription, ResolvedOperation } from '../openapi/load-openapi.ts';
import { responseSchema } from '../openapi/operation-view.ts';
import type { ResponseExample } from './templates.ts';

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });

const STATUS_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content' };

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2025-03-14T09:30:00Z',
  date: '2025-03-14',
  time: '09:30:00',
  uri: 'https://vitrina.example/',
  url: 'https://vitrina.example/',
  email: 'agent@example.com',
  uuid: '3f2b8c1e-5d4a-4e6f-9b7c-2a1d0e9f8c7b',
};

/** A small value that fits a JSON Schema: the example it gives, else the first choice, else a plain value of its type. */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (variants?.length) return sampleOf(variants[0], depth + 1);
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as JsonSchema[]).map((s) => sampleOf(s, depth + 1));
    const { allOf: _allOf, ...own } = schema;
    const rest = Object.keys(own).length ? sampleOf(own, depth + 1) : undefined;
    if ([...parts, rest].every((p) => p === undefined || (p !== null && typeof p === 'object' && !Array.isArray(p))))
      return Object.assign({}, ...parts, rest);
    return parts[0];
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t && t !== 'null') as string[];
  const type = types[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
        out[name] = sampleOf(prop, depth + 1);
      return out;
    }
    case 'array':
      return [sampleOf(schema.items as JsonSchema | undefined, depth + 1)];
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1.5;
    case 'boolean':
      return true;
    case 'string':
      return FORMAT_SAMPLES[String(schema.format)] ?? 'text';
    default:
      return null;
  }
}

function jsonMedia(obj: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const content = obj?.content as Record<string, Record<string, unknown>> | undefined;
  if (!content) return undefined;
  const type = Object.keys(content).find((t) => t.includes('json'));
  return type ? content[type] : undefined;
}

/** The example a media object gives (`example`, or the first of `examples`). */
function mediaExample(media: Record<string, unknown> | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples ?? {}) as Record<string, { value?: unknown }>)[0];
  return first?.value;
}

/**
 * The response example of a method page: the description's own example of the first 2xx
 * response, else one made from its schema; titled with the status only when it validates
 * (the check validates every example titled so).
 */
export function responseExample(op: ResolvedOperation): ResponseExample {
  const responses = (op.operation.responses ?? {}) as Record<string, Record<string, unknown>>;
  const status = Object.keys(responses).find((s) => /^2\d\d$/.test(s)) ?? '200';
  const statusLine = `${status} ${STATUS_TEXT[status] ?? ''}`.trim();
  const media = jsonMedia(responses[status]);
  if (!media) return { title: statusLine, status, lang: 'http', text: `HTTP/1.1 ${statusLine}` };
  const schema = responseSchema(op, status);
  for (const candidate of [mediaExample(media), sampleOf(schema ?? undefined)]) {
    if (candidate === undefined) continue;
    const fits = schema ? ajv.validate(schema, candidate) : false;
    if (fits) return { title: statusLine, status, lang: 'json', text: JSON.stringify(candidate, null, 2) };
  }
  return { title: null, status, lang: 'json', text: JSON.stringify(mediaExample(media) ?? sampleOf(schema ?? undefined), null, 2) };
}

/** A curl command for the operation, with the token header and path parameters filled in. */
export function curlExample(api: OpenApiDescription, op: ResolvedOperation): string {
  const params = [...((op.pathItem.parameters as JsonSchema[]) ?? []), ...((op.operation.parameters as JsonSchema[]) ?? [])];
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    const value = p ? (p.example ?? sampleOf(p.schema as JsonSchema | undefined)) : 1;
    return encodeURIComponent(String(value ?? 1));
  });
  // One option per line, the URL on a line of its own (a phone wraps it there, see content.css).
  const lines = [
    `curl -s -X ${op.method.toUpperCase()} \\`,
    `  "${api.serverUrl}${path}" \\`,
    '  -H "Authorization: Token $VITRINA_API_KEY"',
  ];
  const body = jsonMedia(op.operation.requestBody as Record<string, unknown> | undefined);
  if (body) {
    const value = mediaExample(body) ?? sampleOf(body.schema as JsonSchema | undefined);
    lines[lines.length - 1] += ' \\';
    lines.push('  -H "Content-Type: application/json" \\', `  -d '${JSON.stringify(value).replace(/'/g, "'\\''")}'`);
  }
  return lines.join('\n');
}
