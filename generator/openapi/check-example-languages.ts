/**
 * The examples of a description in both languages: the standard `example`, `examples` and
 * `value` keys hold English data (the published description, Postman and Prism use them), and
 * an example with words in it has its Russian data beside it (`x-example-ru`, `x-examples-ru`,
 * `x-value-ru`: see localized-examples.ts), of the same shape, for Russian pages.
 */
import type { Diagnostics } from '../diagnostics.ts';
import { sha } from '../hash.ts';
import type { BuildCache } from '../pipeline/page-cache.ts';
import { positionOf, type YamlSource } from '../yaml-source.ts';
import { formatKeyPath } from './check-russian-texts.ts';
import type { EXAMPLE_KEYS } from './localized-examples.ts';
import { localizedExampleKey } from './localized-examples.ts';

type Path = (string | number)[];

const CYRILLIC = /\p{Script=Cyrillic}/u;

/**
 * Whether a string of an example is words a reader reads (a name, a place, a label) rather than
 * an identifier, a code, a date or an address on the web: those are the same in every language.
 */
export function isWords(text: string): boolean {
  const rest = text.replace(/\b[a-z][\w+.-]*:\/\/\S+|\S+@\S+|\/\S*/gi, ' ').trim();
  if (!/\p{L}{2}/u.test(rest)) return false;
  if (/\s/.test(rest)) return true;
  // One token: `no_stock`, `image/jpeg`, `AG-1042`, `2021-11-15T07:42:10Z`, `sdkc_7f3a92e1` are not words; `Moscow` is.
  return /^\p{Lu}\p{Ll}+$/u.test(rest.replace(/[.,!?]$/, ''));
}

export interface ExampleFinding {
  path: Path;
  key: boolean;
  code: 'openapi-example-cyrillic' | 'openapi-example-missing-ru' | 'openapi-example-ru-mismatch';
  message: string;
}

/**
 * The fields that hold the API's own words, which it writes in English in every account (an
 * error's `message` and the validation messages of its `details`): they need no Russian data.
 */
const API_TEXT_FIELDS = new Set(['message', 'details']);

/** Every string of a value, with its path, but those of the API's own words. */
function strings(value: unknown, path: Path, out: [Path, string][] = []): [Path, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, [...path, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (!API_TEXT_FIELDS.has(k)) strings(v, [...path, k], out);
  return out;
}

/** The first place where the Russian data differs from the English other than in a string's text. */
function shapeDifference(en: unknown, ru: unknown, path: Path): { path: Path; what: string } | null {
  const kind = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
  if (kind(en) !== kind(ru)) return { path, what: `is ${kind(ru)}, the English example has ${kind(en)}` };
  if (Array.isArray(en)) {
    const r = ru as unknown[];
    if (en.length !== r.length) return { path, what: `has ${r.length} items, the English example ${en.length}` };
    for (let i = 0; i < en.length; i++) {
      const d = shapeDifference(en[i], r[i], [...path, i]);
      if (d) return d;
    }
    return null;
  }
  if (en && typeof en === 'object') {
    const e = en as Record<string, unknown>;
    const r = ru as Record<string, unknown>;
    for (const k of Object.keys(e)) if (!(k in r)) return { path, what: `lacks "${k}", which the English example has` };
    for (const k of Object.keys(r)) if (!(k in e)) return { path: [...path, k], what: `is not in the English example` };
    for (const k of Object.keys(e)) {
      const d = shapeDifference(e[k], r[k], [...path, k]);
      if (d) return d;
    }
    return null;
  }
  if (typeof en !== 'string' && en !== ru) return { path, what: `is ${JSON.stringify(ru)}, the English example has ${JSON.stringify(en)}` };
  return null;
}

/** What is wrong with the examples of a description (its data, as parsed). */
export function exampleLanguageFindings(data: unknown): ExampleFinding[] {
  const found: ExampleFinding[] = [];
  const check = (holder: Record<string, unknown>, key: (typeof EXAMPLE_KEYS)[number], path: Path) => {
    if (path[path.length - 2] === 'properties' && API_TEXT_FIELDS.has(String(path[path.length - 1]))) return;
    const en = holder[key];
    const ruKey = localizedExampleKey(key, 'ru');
    const ru = holder[ruKey];
    const texts = strings(en, [...path, key]);
    for (const [at, text] of texts)
      if (CYRILLIC.test(text))
        found.push({
          path: at,
          key: false,
          code: 'openapi-example-cyrillic',
          message: `${formatKeyPath(at)} is "${text}": the standard example is English (English pages, Postman and Prism show it); put the Russian data in ${ruKey} beside ${key} and write it here in English (translated, or transliterated for a name)`,
        });
    if (ru === undefined) {
      const words = texts.find(([, t]) => isWords(t) && !CYRILLIC.test(t));
      if (words)
        found.push({
          path: [...path, key],
          key: true,
          code: 'openapi-example-missing-ru',
          message: `${formatKeyPath([...path, key])} has words ("${words[1]}") but no Russian data: add ${ruKey} beside it (Russian pages would show the English example)`,
        });
      return;
    }
    const d = shapeDifference(en, ru, [...path, ruKey]);
    if (d)
      found.push({
        path: d.path,
        key: false,
        code: 'openapi-example-ru-mismatch',
        message: `${formatKeyPath(d.path)} ${d.what}: the Russian example differs from the English one in its texts only`,
      });
  };
  /** `names`: the keys of `node` are names (of properties, or of the Example Objects of an `examples` map). */
  const walk = (node: unknown, path: Path, names: 'properties' | 'examples' | null, exampleObject: boolean): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, [...path, i], null, false));
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(obj)) {
      if (names) {
        walk(value, [...path, key], null, names === 'examples');
        continue;
      }
      if (key.startsWith('x-')) continue;
      if (key === 'example' || (key === 'examples' && Array.isArray(value)) || (key === 'value' && exampleObject)) check(obj, key, path);
      else walk(value, [...path, key], key === 'properties' ? 'properties' : key === 'examples' ? 'examples' : null, false);
    }
  };
  walk(data, [], null, false);
  return found;
}

/**
 * Reports, at their lines and columns, an English example with Cyrillic letters and a Russian
 * example that differs from the English one in more than its texts (errors), and an example
 * with words and no Russian data (a warning; an error with `validate --strict`).
 */
export function checkExampleLanguages(src: YamlSource, text: string, diagnostics: Diagnostics, cache?: BuildCache): void {
  const key = sha('openapi-example-languages', text);
  const known = cache?.check(key);
  let findings: [number, number, ExampleFinding['code'], string][];
  if (typeof known === 'string') findings = JSON.parse(known) as typeof findings;
  else if (known === null) findings = [];
  else {
    findings = exampleLanguageFindings(src.data).map((f) => {
      const pos = positionOf(src, f.path, f.key);
      return [pos.line, pos.column, f.code, f.message];
    });
    cache?.setCheck(key, findings.length ? JSON.stringify(findings) : null);
  }
  for (const [line, column, code, message] of findings) {
    if (code === 'openapi-example-missing-ru') diagnostics.warn(src.file, line, column, code, message);
    else diagnostics.error(src.file, line, column, code, message);
  }
}
