import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeOfRelativeLink } from '../pipeline/relative-links.ts';
import { createCodeHighlighter } from './highlighter.ts';
import { compilePage, type CompileOptions } from './processor.ts';

// Golden files: each folder under fixtures/ holds input.md (and options.json); expected.json is
// the tree the compiler must produce. `UPDATE_GOLDEN=1 npx vitest run generator/markdown` rewrites
// the expected files, and a reviewer reads the diff.
const dir = fileURLToPath(new URL('./fixtures', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

interface CaseOptions extends Omit<CompileOptions, 'highlighter'> {
  highlight?: boolean;
  sections?: boolean;
}

describe('markdown golden files', () => {
  for (const name of readdirSync(dir).sort()) {
    it(name, async () => {
      const input = readFileSync(join(dir, name, 'input.md'), 'utf8');
      const optionsFile = join(dir, name, 'options.json');
      const opts = (existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : {}) as CaseOptions;
      const { highlight, sections: withSections, ...rest } = opts;
      const result = await compilePage(input, {
        page: false,
        file: 'input.md',
        routeOfRelative: routeOfRelativeLink,
        hasFile: (p) => p === '/api/v1.5.yaml',
        ...rest,
        highlighter: highlight ? await createCodeHighlighter() : undefined,
      });
      const actual = {
        body: JSON.parse(result.body) as unknown,
        toc: result.toc,
        diagnostics: result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`),
        ...(withSections ? { sections: result.sections } : {}),
        ...(highlight ? { codeClasses: result.codeClasses } : {}),
      };
      const expectedFile = join(dir, name, 'expected.json');
      const text = `${JSON.stringify(actual, null, 2)}\n`;
      if (update || !existsSync(expectedFile)) writeFileSync(expectedFile, text);
      expect(text).toBe(readFileSync(expectedFile, 'utf8'));
    });
  }
});
