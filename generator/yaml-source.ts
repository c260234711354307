import { LineCounter, parseDocument, isMap, isSeq, isScalar, type Document, type Node } from 'yaml';
import jsYaml from 'js-yaml';
import type { z } from 'zod';
import type { Diagnostics } from './diagnostics.ts';

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

export function parseYaml(text: string, file: string, diagnostics: Diagnostics, lineOffset = 0): YamlSource | null {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const src: YamlSource = { file, data: doc.toJS(), doc, lines, lineOffset };
  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      const { line, col } = lines.linePos(err.pos[0]);
      diagnostics.error(file, line + lineOffset, col, 'yaml-syntax', `invalid YAML: ${err.message.split('\n')[0]}`);
    }
    return null;
  }
  return src;
}

/**
 * Fast path for the many small frontmatter blocks: js-yaml (JSON schema: no dates or other
 * implicit types) reads the data; the positions are parsed only when a finding needs them.
 */
export function parseYamlLazily(text: string, file: string, diagnostics: Diagnostics, lineOffset = 0): YamlSource | null {
  let data: unknown;
  try {
    data = jsYaml.load(text, { schema: jsYaml.JSON_SCHEMA, json: false }) ?? {};
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

function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
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

/**
 * Validates YAML data with a zod schema and reports each issue at its position,
 * in words a writer understands: the key, the value found and what was expected.
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
  for (const issue of result.error.issues) {
    const path = issue.path as PropertyKey[];
    const keyName = path.length ? path.map(String).join('.') : '(top level)';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) {
        const pos = positionOf(src, [...path, k], true);
        diagnostics.error(src.file, pos.line, pos.column, code, `${what}: unknown key "${[...path, k].map(String).join('.')}"`);
      }
      continue;
    }
    const found = valueAt(data, path);
    const pos = positionOf(src, path, found === undefined);
    let message: string;
    if (found === undefined) {
      message = `${what}: missing required key "${keyName}"`;
      if (issue.code === 'invalid_type') message += ` (expected ${issue.expected})`;
    } else {
      message = `${what}: "${keyName}" is ${describeValue(found)}: ${issue.message.replace(/^Invalid input: /, '')}`;
    }
    diagnostics.error(src.file, pos.line, pos.column, code, message);
  }
  return null;
}
