import type { Diagnostics } from '../diagnostics.ts';
import { sha } from '../hash.ts';
import type { BuildCache } from '../pipeline/page-cache.ts';
import { positionOf, type YamlSource } from '../yaml-source.ts';

/** The texts a page shows, each with the key that holds its Russian version (`x-<key>-ru`). */
export const TRANSLATED_KEYS = ['summary', 'description', 'x-displayName'] as const;

/** `summary` → `x-summary-ru`; `x-displayName` → `x-displayName-ru`. */
export function russianKeyOf(key: string): string {
  return key.startsWith('x-') ? `${key}-ru` : `x-${key}-ru`;
}

/** Keys whose values are data, not descriptions (an example may well have a `description` field). */
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'const', 'default']);

/** A key path as a writer finds it in the file: `paths."/catalog/brands".get.summary`. */
export function formatKeyPath(path: readonly (string | number)[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_][\w-]*$/.test(p) ? `.${p}` : `.${JSON.stringify(p)}`))
    .join('')
    .replace(/^\./, '');
}

/** Every English text of a description that has no Russian one beside it. */
export function missingRussianTexts(data: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, i]));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    for (const key of TRANSLATED_KEYS) {
      const text = obj[key];
      if (typeof text !== 'string' || !text.trim()) continue;
      const ru = obj[russianKeyOf(key)];
      if (typeof ru !== 'string' || !ru.trim()) found.push([...path, key]);
    }
    for (const [key, value] of Object.entries(obj)) {
      if (key.startsWith('x-') || DATA_KEYS.has(key) || typeof value !== 'object') continue;
      walk(value, [...path, key]);
    }
  };
  walk(data, []);
  return found;
}

/**
 * Russian pages draw the summaries, descriptions, parameters, fields and responses of the
 * OpenAPI description from `x-summary-ru` / `x-description-ru` beside the English keys; a
 * missing one would show English on a Russian page. Each is a warning (an error with
 * `validate --strict`) at the line of the English text.
 */
export function checkRussianTexts(src: YamlSource, text: string, diagnostics: Diagnostics, cache?: BuildCache): void {
  const key = sha('openapi-ru-texts', text);
  const known = cache?.check(key);
  let findings: [number, number, string, string][];
  if (typeof known === 'string') findings = JSON.parse(known) as typeof findings;
  else if (known === null) findings = [];
  else {
    findings = missingRussianTexts(src.data).map((path) => {
      const pos = positionOf(src, path, true);
      return [pos.line, pos.column, formatKeyPath(path), russianKeyOf(String(path[path.length - 1]))];
    });
    cache?.setCheck(key, findings.length ? JSON.stringify(findings) : null);
  }
  for (const [line, column, path, ruKey] of findings) {
    diagnostics.warn(
      src.file,
      line,
      column,
      'openapi-missing-ru',
      `${path} has no Russian text: add ${ruKey} beside it (Russian pages would show the English text)`,
    );
  }
}
