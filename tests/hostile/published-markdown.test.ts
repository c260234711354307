/**
 * Titles, descriptions and sidebar labels are text in the markdown the site publishes (llms.txt,
 * llms-full.txt, `<route>.md`): a markdown link, a line break or raw HTML in one of them stays
 * text there, read by a markdown parser as the writer's words, not as a link, a list or HTML.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '@vitrina-docs/generator';
import { copyFixture } from '../helpers/project.ts';

const TITLE = 'Support](https://evil.example)\n\n- [Reset password](https://evil.example/r)';
const DESCRIPTION =
  'Help for the app <img src=x onerror=alert(1)> users\n\n[Reset](https://evil.example/r2) <https://evil.example/r3> when the button is disabled.';
const LABEL = 'Support](https://evil.example/s)';

/** The links, images and raw HTML a markdown parser finds in a text. */
function parsed(markdown: string) {
  const tree = unified().use(remarkParse).parse(markdown) as Root;
  const urls: string[] = [];
  const html: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') urls.push(node.url);
    if (node.type === 'html') html.push(node.value);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return { tree, urls, html };
}

describe('titles, descriptions and labels in published markdown', () => {
  const fixture = copyFixture('site-ok');
  const out = mkdtempSync(join(tmpdir(), 'vd-published-md-'));
  let errors = -1;

  beforeAll(async () => {
    const page = join(fixture.root, 'content/docs/support/index.en.md');
    writeFileSync(
      page,
      readFileSync(page, 'utf8')
        .replace('title: Support', `title: ${JSON.stringify(TITLE)}`)
        .replace(/^description: .*$/m, `description: ${JSON.stringify(DESCRIPTION)}`),
    );
    const site = join(fixture.root, 'content/site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace('en: Support }, landing', `en: ${JSON.stringify(LABEL)} }, landing`));
    const result = await runPipeline({ root: fixture.root, mode: 'build', outDir: out, prerender: false, cache: false });
    errors = result.errors;
  });
  afterAll(() => {
    fixture.cleanup();
    rmSync(out, { recursive: true, force: true });
  });

  it('builds', () => expect(errors).toBe(0));

  for (const file of ['en/llms.txt', 'en/llms-full.txt', 'en/docs/support.md'])
    it(`${file}: no link, list item or HTML from them, and their words are there`, () => {
      const text = readFileSync(join(out, file), 'utf8');
      const { tree, urls, html } = parsed(text);
      expect(urls.filter((u) => u.includes('evil.example'))).toEqual([]);
      expect(html).toEqual([]);
      const words = toString(tree);
      expect(words).toContain('Support](https://evil.example) - [Reset password](https://evil.example/r)');
      expect(words).toContain('<img src=x onerror=alert(1)>');
      if (file === 'en/llms.txt') expect(words).toContain(LABEL);
    });

  it('the page markdown starts with the title as its one h1, and the description as one quote', () => {
    const { tree } = parsed(readFileSync(join(out, 'en/docs/support.md'), 'utf8'));
    const [h1, quote] = tree.children;
    expect(h1?.type === 'heading' && h1.depth === 1 && toString(h1)).toBe(TITLE.replace(/\s*\n\s*/g, ' '));
    expect(quote?.type).toBe('blockquote');
    expect(toString(quote!)).toBe(DESCRIPTION.replace(/\s*\n\s*/g, ' '));
  });
});
