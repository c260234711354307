import { LineCounter, parseDocument } from 'yaml';
import { positionOf, type YamlSource } from '../yaml-source.ts';

/** Where a fenced JSON example sits in its page: the fence's line and column. */
export interface ExamplePlace {
  line: number;
  column: number;
}

/**
 * Positions inside a JSON example, in the page's lines and columns. JSON is YAML 1.2, so the
 * YAML parser the generator already uses gives every value its range; it runs only when a
 * finding needs a position.
 */
export class ExamplePositions {
  private src: YamlSource | null = null;

  constructor(
    private readonly text: string,
    private readonly place: ExamplePlace,
  ) {}

  /** Line and column of the value at a JSON pointer (`/kpi/0/brand_id`), or of the key itself. */
  at(pointer: string, key = false): { line: number; column: number } {
    if (!this.src) {
      const lines = new LineCounter();
      const doc = parseDocument(this.text, { lineCounter: lines, prettyErrors: false });
      // The code starts on the line after the fence.
      this.src = { file: '', data: null, doc, lines, lineOffset: this.place.line };
    }
    const path = pointerSegments(pointer).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const pos = positionOf(this.src, path, key);
    return { line: pos.line, column: pos.column + this.place.column - 1 };
  }

  /** Line and column of a character offset (JSON.parse reports its errors at one). */
  atOffset(offset: number): { line: number; column: number } {
    const before = this.text.slice(0, offset).split('\n');
    return { line: this.place.line + before.length, column: before[before.length - 1]!.length + this.place.column };
  }
}

/** `/kpi/0/brand_id` → ['kpi', '0', 'brand_id'] */
export function pointerSegments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `/kpi/0/brand_id` → `kpi[0].brand_id`, as a reader of the example says it. */
export function readablePath(pointer: string): string {
  return (
    pointerSegments(pointer)
      .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
      .join('')
      .replace(/^\./, '') || '(top level)'
  );
}
