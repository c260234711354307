/**
 * A Postman collection of an API description and its environment, made at build time with
 * openapi-to-postmanv2 (offline: the description's own $refs only), published beside the
 * OpenAPI file: /api/<version>.postman_collection.json and /api/<version>.postman_environment.json.
 * Requests go to `{{baseUrl}}` (the first server) with the key in the API's own header and form
 * (`Authorization: Token {{apiKey}}`); the environment holds both variables, the key left empty.
 */
import Converter from 'openapi-to-postmanv2';
import { apiFileUrls } from './api-files.ts';
import { keyPrefix } from './console-data.ts';
import type { OpenApiDescription } from './load-openapi.ts';

type Obj = Record<string, unknown>;

const OPTIONS = {
  requestNameSource: 'Fallback',
  folderStrategy: 'Tags',
  // Requests carry the description's examples, so that each one is answered as it stands.
  parametersResolution: 'Example',
  enableOptionalParameters: false,
  alwaysInheritAuthentication: true,
} as const;

function convert(text: string): Promise<Obj> {
  return new Promise((ok, fail) =>
    Converter.convertV2({ type: 'string', data: text }, OPTIONS, (error, result) => {
      if (error) fail(error instanceof Error ? error : new Error(String(error)));
      else if (!result?.result || !result.output?.[0]) fail(new Error(`openapi-to-postmanv2: ${result?.reason ?? 'no collection'}`));
      else ok(result.output[0].data as Obj);
    }),
  );
}

/** The API key scheme of the description (the first one its global security names). */
function keyScheme(spec: Obj): { header: string; prefix: string } | null {
  const schemes = ((spec.components as Obj | undefined)?.securitySchemes ?? {}) as Record<string, Obj>;
  const names = ((spec.security ?? []) as Obj[]).flatMap((req) => Object.keys(req));
  const scheme = names.map((name) => schemes[name]).find((s) => s?.type === 'apiKey' && s.in === 'header');
  return scheme ? { header: String(scheme.name), prefix: keyPrefix(scheme) } : null;
}

/** The collection and the environment of a description: output path → JSON. */
export async function postmanFiles(api: OpenApiDescription): Promise<Map<string, string>> {
  const collection = await convert(api.text);
  const name = `${String((api.spec.info as Obj | undefined)?.title ?? 'API')} ${api.version}`;
  collection.info = { ...(collection.info as Obj), name };
  const key = keyScheme(api.spec);
  if (key) {
    collection.auth = {
      type: 'apikey',
      apikey: [
        { key: 'key', value: key.header, type: 'string' },
        { key: 'value', value: `${key.prefix}{{apiKey}}`, type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    };
  }
  const environment = {
    name,
    values: [
      { key: 'baseUrl', value: api.serverUrl.replace(/\/$/, ''), type: 'default', enabled: true },
      { key: 'apiKey', value: '', type: 'secret', enabled: true },
    ],
    _postman_variable_scope: 'environment',
  };
  const urls = apiFileUrls(api.version);
  return new Map([
    [urls.collection.slice(1), JSON.stringify(collection, null, 2)],
    [urls.environment.slice(1), JSON.stringify(environment, null, 2)],
  ]);
}
