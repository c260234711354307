import type { Diagnostic } from '@vitrina-docs/schemas';

export type Severity = Diagnostic['severity'];

/** Collects diagnostics of a run; every stage reports into one list. */
export class Diagnostics {
  readonly items: Diagnostic[] = [];

  add(d: Omit<Diagnostic, 'severity'> & { severity?: Severity }): void {
    this.items.push({ severity: 'error', ...d, line: Math.max(1, d.line), column: Math.max(1, d.column) });
  }

  error(file: string, line: number, column: number, code: string, message: string): void {
    this.add({ file, line, column, code, message, severity: 'error' });
  }

  warn(file: string, line: number, column: number, code: string, message: string): void {
    this.add({ file, line, column, code, message, severity: 'warning' });
  }

  push(...ds: Diagnostic[]): void {
    this.items.push(...ds);
  }

  get errorCount(): number {
    return this.items.filter((d) => d.severity === 'error').length;
  }

  get warningCount(): number {
    return this.items.length - this.errorCount;
  }

  sorted(): Diagnostic[] {
    return sortDiagnostics(this.items);
  }
}

export function sortDiagnostics(items: readonly Diagnostic[]): Diagnostic[] {
  return [...items].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

/** Characters a terminal acts on besides C0 controls: DEL, C1 controls, line and paragraph separators, bidirectional overrides. */
const BEYOND_C0 = '\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
const TERMINAL_CONTROLS = new RegExp(`[\\u0000-\\u001f${BEYOND_C0}]`, 'g');
/** What JSON.stringify leaves raw of them (it escapes C0 controls itself). */
const RAW_IN_JSON = new RegExp(`[${BEYOND_C0}]`, 'g');

/**
 * A text as it may reach a terminal: control characters (C0, DEL, C1), line and paragraph
 * separators and bidirectional overrides are written as escapes (`\n`, `\x1b`, `\u202e`), so
 * that a file name cannot colour the terminal, retitle its window or split a record in two.
 */
export function printable(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (c) => {
    const named = ({ '\n': '\\n', '\r': '\\r', '\t': '\\t' } as Record<string, string>)[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * JSON whose strings carry no character a terminal acts on: JSON.stringify escapes C0 controls
 * but writes DEL, C1 controls (such as U+009B, a CSI), line separators and bidirectional
 * overrides raw; here each is a `\uXXXX` escape, which a JSON reader reads back as the same text.
 */
export function printableJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `file:line:column  severity  code  message`, one per line, as compilers print them (see printable). */
export function formatDiagnostics(items: readonly Diagnostic[]): string {
  return sortDiagnostics(items)
    .map((d) => `${printable(d.file)}:${d.line}:${d.column}  ${d.severity}  ${d.code}  ${printable(d.message)}`)
    .join('\n');
}

export function summarise(items: readonly Diagnostic[]): string {
  const errors = items.filter((d) => d.severity === 'error').length;
  const warnings = items.length - errors;
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}
