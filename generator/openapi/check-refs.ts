/**
 * The local `$ref`s of an OpenAPI description lead to an object of the description: a JSON
 * pointer below the root (`#/components/schemas/Brand`) whose every step is a key the YAML
 * writes. `#` (the whole description, a cycle of itself), a step through an inherited name
 * (`__proto__`, `constructor`) or a pointer to nothing is an error at the `$ref`.
 */
import type { Diagnostics } from '../diagnostics.ts';
import { positionOf, type YamlSource } from '../yaml-source.ts';

/** `/paths/~1catalog~1brands/get` → ['paths', '/catalog/brands', 'get'] */
function pointerParts(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Why a local reference does not lead to an object of the description, or null when it does. */
function refProblem(root: unknown, ref: string): string | null {
  if (!ref.startsWith('#/')) return `"${ref.slice(0, 80)}" does not point below the description's root (write #/components/…)`;
  let node: unknown = root;
  for (const part of pointerParts(ref.slice(1))) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return `"${ref.slice(0, 80)}" points to nothing`;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? null : `"${ref.slice(0, 80)}" does not point to an object`;
}

/** Reports each local `$ref` that leads nowhere; true when every one leads to an object. */
export function checkLocalRefs(src: YamlSource, root: unknown, diagnostics: Diagnostics): boolean {
  let ok = true;
  const stack: [unknown, PropertyKey[]][] = [[root, []]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const ref = (node as Record<string, unknown>).$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) {
      const problem = refProblem(root, ref);
      if (problem) {
        ok = false;
        const pos = positionOf(src, [...path, '$ref']);
        diagnostics.error(src.file, pos.line, pos.column, 'openapi-invalid', `$ref ${problem}`);
      }
    }
    if (Array.isArray(node)) node.forEach((v, i) => stack.push([v, [...path, i]]));
    else for (const [k, v] of Object.entries(node)) stack.push([v, [...path, k]]);
  }
  return ok;
}
