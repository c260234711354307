/**
 * A Postman collection of an API description and its environment, made at build time with
 * openapi-to-postmanv2 (offline: the description's own $refs only), published beside the
 * OpenAPI file: /api/<version>.postman_collection.json and /api/<version>.postman_environment.json.
 * Requests go to `{{baseUrl}}` (the first server) with the key in the API's own header and form
 * (`Authorization: Token {{apiKey}}`); the environment holds both variables, the key left empty.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
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

/** The converter's copy of json-schema-faker, which makes up the example values a schema lacks. */
const schemaFaker = createRequire(import.meta.url)('openapi-to-postmanv2/assets/json-schema-faker.js') as {
  option(options: { random: () => number }): void;
};

/** A generator of numbers in [0, 1) drawn from `seed` (mulberry32). */
function seededRandom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The collection of a description. The values the converter makes up (a response without an
 * example, a string of a pattern) come from a generator seeded with the description, so that
 * the same description always gives the same collection. The conversion calls back before it
 * returns, so no other code draws from that generator meanwhile.
 */
function convert(text: string): Promise<Obj> {
  const random = Math.random;
  const draw = seededRandom(text);
  schemaFaker.option({ random: draw });
  Math.random = draw;
  try {
    return new Promise((ok, fail) =>
      Converter.convertV2({ type: 'string', data: text }, OPTIONS, (error, result) => {
        if (error) fail(error instanceof Error ? error : new Error(String(error)));
        else if (!result?.result || !result.output?.[0]) fail(new Error(`openapi-to-postmanv2: ${result?.reason ?? 'no collection'}`));
        else ok(result.output[0].data as Obj);
      }),
    );
  } finally {
    Math.random = random;
    schemaFaker.option({ random });
  }
}

/** The API key scheme of the description (the first one its global security names). */
function keyScheme(spec: Obj): { header: string; prefix: string } | null {
  const schemes = ((spec.components as Obj | undefined)?.securitySchemes ?? {}) as Record<string, Obj>;
  const names = ((spec.security ?? []) as Obj[]).flatMap((req) => Object.keys(req));
  const scheme = names.map((name) => schemes[name]).find((s) => s?.type === 'apiKey' && s.in === 'header');
  return scheme ? { header: String(scheme.name), prefix: keyPrefix(scheme) } : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The converter gives every item, request and response a random UUID. Each one is replaced by a
 * UUID drawn from the description's version and the value's place in the collection, so that the
 * same description always gives the same file (a build is reproducible) and an item keeps its id
 * from one build to the next while the description does not move it.
 */
function stableIds(value: unknown, seed: string, place: string): unknown {
  if (Array.isArray(value)) return value.map((v, i) => stableIds(v, seed, `${place}/${i}`));
  if (!value || typeof value !== 'object') return value;
  const out: Obj = {};
  for (const [key, v] of Object.entries(value as Obj)) {
    if ((key === 'id' || key === '_postman_id') && typeof v === 'string' && UUID.test(v)) {
      const h = createHash('sha256').update(`${seed}\0${place}/${key}`).digest('hex');
      // A version 4 layout (variant bits set), as the converter's own ids are.
      out[key] =
        `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    } else out[key] = stableIds(v, seed, `${place}/${key}`);
  }
  return out;
}

/** The collection and the environment of a description: output path → JSON. */
export async function postmanFiles(api: OpenApiDescription): Promise<Map<string, string>> {
  const collection = stableIds(await convert(api.text), `vitrina-docs postman ${api.version}`, '') as Obj;
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
