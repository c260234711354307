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

/** `file:line:column  severity  code  message`, one per line, as compilers print them. */
export function formatDiagnostics(items: readonly Diagnostic[]): string {
  return sortDiagnostics(items)
    .map((d) => `${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.code}  ${d.message}`)
    .join('\n');
}

export function summarise(items: readonly Diagnostic[]): string {
  const errors = items.filter((d) => d.severity === 'error').length;
  const warnings = items.length - errors;
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}
