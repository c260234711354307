import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type Plugin } from 'unified';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { compilePage } from './processor.ts';
import { mayHoldLiteralAutolink, remarkGfmWithoutLiteralAutolinks } from './remark-gfm-without-literal-autolinks.ts';

const parse = (gfm: Plugin<[], Root>, md: string) => unified().use(remarkParse).use(gfm).use(remarkDirective).parse(md);

const content = fileURLToPath(new URL('../../content', import.meta.url));

describe('parsing without literal autolinks', () => {
  it('reads every page of the content that it does not send back exactly as remark-gfm does', () => {
    const pages = readdirSync(content, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
    let kept = 0;
    let sentBack = 0;
    for (const page of pages) {
      const source = readFileSync(join(content, page), 'utf8');
      const lite = parse(remarkGfmWithoutLiteralAutolinks, source);
      if (mayHoldLiteralAutolink(lite)) {
        sentBack++;
        continue;
      }
      kept++;
      expect(JSON.stringify(lite), page).toBe(JSON.stringify(parse(remarkGfm, source)));
    }
    // Most pages are read once; the few that write a bare URL or address are read again.
    expect(kept).toBeGreaterThan(pages.length / 2);
    expect(sentBack).toBeGreaterThan(0);
  });

  it('sends back a page whose text holds a bare URL, www address or e-mail address, and not one that shows them in code', () => {
    for (const md of [
      'See https://vitrina.example.',
      'See WWW.vitrina.example',
      'Write to help@vitrina.example',
      'Mail *team*@vitrina.example',
    ])
      expect(mayHoldLiteralAutolink(parse(remarkGfmWithoutLiteralAutolinks, md)), md).toBe(true);
    for (const md of [
      'Run `curl https://vitrina.example`',
      '```bash\ncurl -F file=@shelf.jpg https://vitrina.example\n```',
      '[docs](https://vitrina.example)',
    ])
      expect(mayHoldLiteralAutolink(parse(remarkGfmWithoutLiteralAutolinks, md)), md).toBe(false);
  });

  it('still makes links of bare URLs, www addresses and e-mail addresses on a page', async () => {
    const page = await compilePage('Open https://vitrina.example/a_b_c or www.vitrina.example, or write to help@vitrina.example.\n', {
      page: false,
    });
    const hrefs = [...page.body.matchAll(/"href":"([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['https://vitrina.example/a_b_c', 'http://www.vitrina.example', 'mailto:help@vitrina.example']);
  });
});
