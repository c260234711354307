/**
 * The example values of a description in one language. The standard keys hold the English
 * examples (what the published description, Postman and Prism use); the Russian ones sit beside
 * them under extension keys: `x-example-ru` beside `example` (schemas, parameters, media types,
 * headers), `x-examples-ru` beside a schema's `examples` list, `x-value-ru` beside the `value` of
 * an Example Object.
 */
import type { LocaleCode } from '@vitrina-docs/schemas';

/** The keys that hold example data, each with its counterpart in another language. */
export const EXAMPLE_KEYS = ['example', 'examples', 'value'] as const;

/** `example` → `x-example-ru`. */
export function localizedExampleKey(key: (typeof EXAMPLE_KEYS)[number], locale: Exclude<LocaleCode, 'en'>): string {
  return `x-${key}-${locale}`;
}

const COUNTERPART = /^x-(example|examples|value)-[a-z]{2}$/;

/**
 * A copy of the description whose examples are those of `locale` (the English ones where a
 * language has none), with every counterpart key left out. Example data itself is copied as it is.
 */
export function localizeExamples<T>(doc: T, locale: LocaleCode): T {
  /** `names`: the keys of `node` are names (of properties, or of the Example Objects of an `examples` map). */
  const walk = (node: unknown, names: 'properties' | 'examples' | null, exampleObject: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, null, false));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj)) {
      if (names) {
        out[key] = walk(value, null, names === 'examples');
        continue;
      }
      if (COUNTERPART.test(key)) continue;
      const data = key === 'example' || (key === 'examples' && Array.isArray(value)) || (key === 'value' && exampleObject);
      const own = locale === 'en' ? undefined : obj[localizedExampleKey(key as (typeof EXAMPLE_KEYS)[number], locale)];
      // (Example data is copied as it is: it is never a description to walk into.)
      if (data) out[key] = own !== undefined ? own : value;
      else out[key] = walk(value, key === 'properties' ? 'properties' : key === 'examples' ? 'examples' : null, false);
    }
    return out;
  };
  return walk(doc, null, false) as T;
}
