import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../tests/helpers/project.ts';
import { CODE_LANGUAGES } from './highlighter.ts';
import { compilePage } from './processor.ts';
import { scanFences } from './scan-fences.ts';

/** The highlighted blocks the parser finds in a page, as the build asks the highlighter for them. */
async function parsed(source: string): Promise<string[]> {
  const page = await compilePage(source, { output: 'check', page: false });
  return page.codeBlocks.filter((b) => CODE_LANGUAGES[b.lang] && b.lang !== 'text').map((b) => `${b.lang}\u0000${b.value}`);
}

const scanned = (source: string) => scanFences(source).map((b) => `${b.lang}\u0000${b.code}`);

describe('scanFences: the code blocks a build sends to the highlighter ahead of the pages', () => {
  it('reads fences as the parser does: aliases, tildes, a longer fence around a shorter one, a fence in a list item', async () => {
    const source = [
      'Text.',
      '',
      '```sh title="run.sh"',
      'npm ci',
      '```',
      '',
      '~~~json',
      '{"a": 1}',
      '~~~',
      '',
      '````kotlin',
      'val s = """',
      '```',
      '"""',
      '````',
      '',
      '1. Step one:',
      '',
      '   ```bash',
      '   curl -s https://example.org \\',
      '     -H "X-Id: 1"',
      '   ```',
      '',
      '```text',
      'plain',
      '```',
      '',
      '```',
      'no language',
      '```',
    ].join('\n');
    const expected = await parsed(source);
    expect(expected).toHaveLength(4);
    expect(scanned(source)).toEqual(expected);
  });

  it('finds every highlighted block of the real content exactly as the parser reads it', async () => {
    const dir = join(ROOT, 'content');
    let blocks = 0;
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      const want = await parsed(source);
      blocks += want.length;
      expect(new Set(scanned(source)), file).toEqual(new Set(want));
    }
    expect(blocks).toBeGreaterThan(300);
  });
});
