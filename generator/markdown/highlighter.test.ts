import type { Element, ElementContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, createCodeHighlighter, roleClass, TOKEN_ROLES } from './highlighter.ts';

const text = (nodes: readonly ElementContent[]): string =>
  nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? text(n.children) : '')).join('');

/** The tokens of a block as `class:text`, outermost first. */
const tokens = (nodes: readonly ElementContent[], out: string[] = []): string[] => {
  for (const n of nodes) {
    if (n.type !== 'element') continue;
    out.push(`${(n.properties.className as string[]).join(' ')}:${text(n.children)}`);
    tokens(n.children, out);
  }
  return out;
};

const code = (pre: Element) => (pre.children[0] as Element).children;

describe('createCodeHighlighter', () => {
  it('marks tokens with the class of their role, and keeps the code as it was', async () => {
    const h = await createCodeHighlighter();
    const source = '{\n  "visit_id": 42,\n  "status": "done",\n  "photos": null\n}';
    const { pre, classes } = h.highlight('json', source);
    expect(pre.tagName).toBe('pre');
    expect(pre.properties).toEqual({ className: ['hl'], tabIndex: 0 });
    expect(text(code(pre))).toBe(source);
    expect(tokens(code(pre))).toEqual([
      'hl-constant:"visit_id"',
      'hl-constant:42',
      'hl-constant:"status"',
      'hl-string:"done"',
      'hl-constant:"photos"',
      'hl-keyword:null',
    ]);
    // The classes it uses, with the colours of both themes.
    expect(classes).toEqual(Object.fromEntries([roleClass('constant'), roleClass('string'), roleClass('keyword')]));
    expect(classes['hl-string']).toBe(`--hl-light:${TOKEN_ROLES.string[0]};--hl-dark:${TOKEN_ROLES.string[1]}`);
  });

  it('lets a token of no role (punctuation, a string interpolation) take the colour of what holds it', async () => {
    const h = await createCodeHighlighter();
    const { pre } = h.highlight('kotlin', 'val label = "Visit ${visit.id}"');
    const found = tokens(code(pre));
    expect(found[0]).toBe('hl-keyword:val');
    // No span without a role's class, and no class but those of the roles.
    const roles = new Set(Object.keys(TOKEN_ROLES).map((r) => `hl-${r}`));
    for (const t of found) expect(roles.has(t.slice(0, t.indexOf(':')))).toBe(true);
    expect(text(code(pre))).toBe('val label = "Visit ${visit.id}"');
    // Text next to text is one node.
    const nodes = code(pre);
    for (let i = 1; i < nodes.length; i++) expect(nodes[i - 1]!.type === 'text' && nodes[i]!.type === 'text').toBe(false);
  });

  it('highlights every language a fence may name', async () => {
    const h = await createCodeHighlighter();
    const samples: Record<string, string> = {
      bash: 'curl -s "$BASE/visits" # list',
      json: '{"a": 1}',
      http: 'GET /api/v1.5/visits HTTP/1.1\nAuthorization: Bearer x',
      kotlin: 'fun main() { println(1) }',
      swift: 'let visit = Visit(id: 1)',
      python: 'def f(x):\n    return "x"',
      javascript: 'const a = "b"; // c',
      typescript: 'const a: number = 1;',
      yaml: 'visit:\n  id: 1',
      groovy: "implementation 'ru.vitrina:sdk:3.0'",
      xml: '<uses-permission android:name="android.permission.CAMERA" />',
      csv: 'sku;name\n1;Milk',
      java: 'public class A { int b = 1; }',
      sql: 'SELECT id FROM visits WHERE id = 1',
      ini: '[core]\nname = "x"',
      diff: '- old\n+ new',
    };
    for (const lang of new Set(Object.values(CODE_LANGUAGES))) {
      if (lang === 'text') continue;
      const sample = samples[lang];
      expect(sample, lang).toBeDefined();
      const { pre } = h.highlight(lang, sample!);
      expect(text(code(pre)), lang).toBe(sample);
      if (lang !== 'csv') expect(tokens(code(pre)).length, lang).toBeGreaterThan(0);
    }
  });
});
