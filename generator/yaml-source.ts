import { LineCounter, parseDocument, isMap, isSeq, isScalar, visit, type Document, type Node } from 'yaml';
import jsYaml from 'js-yaml';
import type { z } from 'zod';
import type { Diagnostics } from './diagnostics.ts';
import { closestNames, didYouMean } from './suggest.ts';

/** A YAML text parsed with positions, so that a finding can point at its line and column. */
export interface YamlSource {
  file: string;
  /** The data, as plain JSON values. */
  data: unknown;
  /** The parsed document with positions (made on first use: only findings need it). */
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
  /** Line of the first YAML line in the file (frontmatter starts at line 2). */
  lineOffset: number;
}

/**
 * How to fix a YAML syntax error that has one usual cause, or null. A value with `: ` in it (a
 * title such as `Отчёты: выгрузка`) reads as a key of a nested mapping: quoting it is the fix.
 */
function oneStepFix(code: string, lineText: string): string | null {
  const m = /^(\s*(?:- )?)([^\s:#"'][^:#]*?):\s+([^"'{[|>].*:\s.*?)\s*$/.exec(lineText);
  if ((code === 'BLOCK_AS_IMPLICIT_KEY' || code === 'MULTILINE_IMPLICIT_KEY') && m) {
    const value = m[3]!.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
    return `the value of "${m[2]}" holds ": ", which starts a new key: quote the value (${m[2]}: "${value}")`;
  }
  return null;
}

/**
 * What a YAML file of content/ may hold: a file larger, deeper, with more values (counting each
 * use of an alias) or more alias uses than this is an error at its place, not minutes of work
 * and gigabytes of memory ("billion laughs").
 */
export const YAML_LIMITS = { bytes: 4 * 1024 * 1024, depth: 64, values: 300_000, aliases: 100 } as const;

/** Which limit the data passes (each use of a shared value counted again, as a reader expands it), or null. */
function passedLimit(data: unknown): string | null {
  let values = 0;
  const stack: [unknown, number][] = [[data, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (++values > YAML_LIMITS.values) return `more than ${YAML_LIMITS.values} values once its aliases are expanded`;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= YAML_LIMITS.depth) return `nested more than ${YAML_LIMITS.depth} levels deep`;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return null;
}

/** Line and column of the first alias (`*name`) of a document, or of its start. */
function firstAlias(doc: Document.Parsed, lines: LineCounter): { line: number; col: number } {
  let offset = 0;
  visit(doc, {
    Alias(_, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return lines.linePos(offset);
}

export function parseYaml(text: string, file: string, diagnostics: Diagnostics, lineOffset = 0): YamlSource | null {
  if (text.length > YAML_LIMITS.bytes) {
    diagnostics.error(file, 1 + lineOffset, 1, 'yaml-too-large', `the YAML is larger than ${YAML_LIMITS.bytes / 1024 / 1024} MB`);
    return null;
  }
  const lines = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  } catch (e) {
    diagnostics.error(file, 1 + lineOffset, 1, 'yaml-too-large', `the YAML cannot be read: ${(e as Error).message.split('\n')[0]}`);
    return null;
  }
  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      const { line, col } = lines.linePos(err.pos[0]);
      const hint = oneStepFix(err.code, text.split('\n')[line - 1] ?? '');
      diagnostics.error(
        file,
        line + lineOffset,
        col,
        'yaml-syntax',
        `invalid YAML: ${err.message.split('\n')[0]}${hint ? `: ${hint}` : ''}`,
      );
    }
    return null;
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: YAML_LIMITS.aliases });
  } catch (e) {
    const { line, col } = firstAlias(doc, lines);
    const why = /alias count/i.test((e as Error).message)
      ? `its aliases expand to more than ${YAML_LIMITS.aliases} copies`
      : (e as Error).message.split('\n')[0];
    diagnostics.error(file, line + lineOffset, col, 'yaml-too-large', `the YAML is refused: ${why}`);
    return null;
  }
  const passed = passedLimit(data);
  if (passed) {
    const { line, col } = firstAlias(doc, lines);
    diagnostics.error(file, line + lineOffset, col, 'yaml-too-large', `the YAML is refused: ${passed}`);
    return null;
  }
  return { file, data, doc, lines, lineOffset };
}

/**
 * Fast path for the many small frontmatter blocks: js-yaml (JSON schema: no dates or other
 * implicit types) reads the data; the positions are parsed only when a finding needs them.
 */
export function parseYamlLazily(text: string, file: string, diagnostics: Diagnostics, lineOffset = 0): YamlSource | null {
  let data: unknown;
  try {
    if (text.length > YAML_LIMITS.bytes) throw new Error('too large');
    data = jsYaml.load(text, { schema: jsYaml.JSON_SCHEMA, json: false }) ?? {};
    // An alias is shared, not copied, here: what expands it later (a schema check, JSON) must not explode.
    if (passedLimit(data)) throw new Error('past a limit');
  } catch {
    return parseYaml(text, file, diagnostics, lineOffset);
  }
  let parsed: { doc: Document.Parsed; lines: LineCounter } | null = null;
  const full = () => {
    if (!parsed) {
      const lines = new LineCounter();
      parsed = { doc: parseDocument(text, { lineCounter: lines, prettyErrors: false }), lines };
    }
    return parsed;
  };
  return {
    file,
    data,
    lineOffset,
    get doc() {
      return full().doc;
    },
    get lines() {
      return full().lines;
    },
  };
}

/** Line and column of the node at `path` (or of its nearest existing parent). */
export function positionOf(src: YamlSource, path: readonly PropertyKey[], key = false): { line: number; column: number } {
  let node: unknown = src.doc.contents;
  let best: Node | null = (node as Node) ?? null;
  let keyNode: Node | null = null;
  for (const part of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(part));
      if (!pair) break;
      keyNode = pair.key as Node;
      node = pair.value;
    } else if (isSeq(node) && typeof part === 'number') {
      node = node.items[part];
      keyNode = null;
    } else break;
    if (node && typeof node === 'object' && 'range' in node) best = node as Node;
  }
  const target = key && keyNode ? keyNode : best;
  const offset = target?.range?.[0] ?? 0;
  const { line, col } = src.lines.linePos(offset);
  return { line: line + src.lineOffset, column: col };
}

/** True for a value of a few short scalars (cheap to quote whole). */
function isSmall(v: unknown): boolean {
  let budget = 30;
  const stack = [v];
  while (stack.length) {
    const x = stack.pop();
    if (--budget < 0 || (typeof x === 'string' && x.length > 60)) return false;
    if (x !== null && typeof x === 'object') stack.push(...(Array.isArray(x) ? x.slice(0, 31) : Object.values(x).slice(0, 31)));
  }
  return true;
}

/** A short quote of a value for a message: never the whole of a large value. */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v !== null && typeof v === 'object' && !isSmall(v)) {
    return Array.isArray(v) ? `a list of ${v.length}` : `a map of ${Object.keys(v).length} key(s)`;
  }
  const s = JSON.stringify(typeof v === 'string' && v.length > 60 ? v.slice(0, 60) : v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** The zod definition below wrappers that do not change the shape (optional, default, pipe …). */
function unwrap(schema: unknown): { type?: string; [k: string]: unknown } | null {
  let def = (schema as { _zod?: { def?: { type?: string; [k: string]: unknown } } } | undefined)?._zod?.def ?? null;
  for (let i = 0; def && i < 10; i++) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) break;
    def = (inner as { _zod: { def: typeof def } })._zod.def;
  }
  return def;
}

/** The keys an object schema allows at `path` (the keys of every option of a union). */
export function keysAllowedAt(schema: unknown, path: readonly PropertyKey[]): string[] {
  let defs = [unwrap(schema)];
  for (const part of path) {
    const next: ReturnType<typeof unwrap>[] = [];
    for (const def of defs) {
      if (!def) continue;
      if (def.type === 'union') for (const o of def.options as unknown[]) defs.push(unwrap(o));
      else if (def.type === 'object') next.push(unwrap((def.shape as Record<PropertyKey, unknown>)[part]));
      else if (def.type === 'array' && typeof part === 'number') next.push(unwrap(def.element));
      else if (def.type === 'record') next.push(unwrap(def.valueType));
    }
    defs = next;
  }
  const keys = new Set<string>();
  for (let i = 0; i < defs.length; i++) {
    const def = defs[i];
    if (def?.type === 'union') for (const o of def.options as unknown[]) defs.push(unwrap(o));
    if (def?.type === 'object') for (const k of Object.keys(def.shape as object)) keys.add(k);
  }
  return [...keys];
}

/** Where a finding about a missing key points: the key's parent entry, or the top of the block. */
function missingKeyPosition(src: YamlSource, path: readonly PropertyKey[]): { line: number; column: number } {
  if (path.length > 1) return positionOf(src, path.slice(0, -1), true);
  // The opening `---` of a frontmatter block (the line above its YAML), or line 1 of a file.
  return { line: Math.max(1, src.lineOffset), column: 1 };
}

/**
 * Validates YAML data with a zod schema and reports each issue at its position,
 * in words a writer understands: the key, the value found and what was expected, and the
 * name that was probably meant for an unknown key or value.
 */
export function checkWithSchema<S extends z.ZodType>(
  src: YamlSource,
  schema: S,
  diagnostics: Diagnostics,
  code: string,
  what: string,
): z.infer<S> | null {
  const data = src.data ?? {};
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const missing = new Set(
    result.error.issues
      .filter((i) => i.code !== 'unrecognized_keys' && valueAt(data, i.path as PropertyKey[]) === undefined)
      .map((i) => i.path.map(String).join('.')),
  );
  // A misspelt key explains the missing key it was meant to be: one finding, at the typo.
  const explained = new Set<string>();
  for (const issue of result.error.issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const path = issue.path as PropertyKey[];
    const allowed = keysAllowedAt(schema, path);
    const present = valueAt(data, path);
    // Suggest only keys not already there: `titel` next to a `title` is not a misspelling of it.
    const free = allowed.filter((k) => present === null || typeof present !== 'object' || !(k in present));
    for (const k of issue.keys) {
      const pos = positionOf(src, [...path, k], true);
      const full = [...path, k].map(String).join('.');
      const meant = closestNames(k, free, { limit: 1 })[0];
      const meantPath = meant === undefined ? '' : [...path, meant].map(String).join('.');
      let hint = allowed.length ? ` (allowed here: ${allowed.join(', ')})` : '';
      if (meant !== undefined && missing.has(meantPath) && !explained.has(meantPath)) {
        explained.add(meantPath);
        hint = ` (did you mean "${meant}"? it is required and missing)`;
      } else if (meant !== undefined) hint = didYouMean(k, free);
      diagnostics.error(src.file, pos.line, pos.column, code, `${what}: unknown key "${full}"${hint}`);
    }
  }
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') continue;
    const path = issue.path as PropertyKey[];
    const keyName = path.length ? path.map(String).join('.') : '(top level)';
    const found = valueAt(data, path);
    let message: string;
    let pos: { line: number; column: number };
    if (found === undefined) {
      if (explained.has(keyName)) continue;
      pos = missingKeyPosition(src, path);
      message = `${what}: missing required key "${keyName}"`;
      if (issue.code === 'invalid_type') message += ` (expected ${issue.expected})`;
    } else {
      pos = positionOf(src, path, false);
      message = `${what}: "${keyName}" is ${describeValue(found)}: ${issue.message.replace(/^Invalid input: /, '')}`;
      const options =
        issue.code === 'invalid_value'
          ? issue.values
          : issue.code === 'invalid_union'
            ? ((issue as { options?: unknown[] }).options ?? [])
            : [];
      if (typeof found === 'string' && options.length) message += didYouMean(found, options.map(String));
    }
    diagnostics.error(src.file, pos.line, pos.column, code, message);
  }
  return null;
}
