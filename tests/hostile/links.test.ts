/** Link schemes: only http, https, mailto, tel and site paths reach a page; the rest is an error with its place. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMarkdown, runPipeline, sortDiagnostics } from '@vitrina-docs/generator';
import { copyFixture } from '../helpers/project.ts';

describe('unsafe link schemes', () => {
  const source = [
    'Lead [a](javascript:alert(1)) and [b](JaVaScRiPt:alert(1)).',
    '',
    '[c](jav&#x61;script:alert(1)) [d](data:text/html,<script>x</script>) [e](vbscript:msgbox(1))',
    '',
    '<javascript:alert(2)> [f][ref] ![g](data:image/svg+xml,<svg/>) [h](//evil.example/)',
    '',
    '[ok](https://vitrina.example) [mail](mailto:support@vitrina.example) [call](tel:+100) [page](#section)',
    '',
    '[ref]: javascript:alert(3)',
    '',
  ].join('\n');

  it('reports each one at its line and column, and keeps none of them in the body', async () => {
    const { body, diagnostics } = await compileMarkdown(source);
    expect(sortDiagnostics(diagnostics).map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
      '1:6 error unsafe-link',
      '1:35 error unsafe-link',
      '3:1 error unsafe-link',
      '3:31 error unsafe-link',
      '3:70 error unsafe-link',
      '5:1 error unsafe-link',
      '5:32 error unsafe-link',
      '5:64 error unsafe-link',
      '9:1 error unsafe-link',
    ]);
    const json = JSON.stringify(body);
    const urls = [...json.matchAll(/"(?:href|src)":"([^"]*)"/g)].map((m) => m[1]);
    expect(urls).toEqual(['https://vitrina.example', 'mailto:support@vitrina.example', 'tel:+100', '#section']);
    // The links' text stays, as text.
    expect(json).toContain('"value":"a"');
    expect(json).toContain('"value":"javascript:alert(2)"');
  });
});

describe('links that do not decode', () => {
  const fixture = copyFixture('site-ok');
  afterAll(() => fixture.cleanup());

  it('are broken links, anchors and images at their place, not a crash of the page or the run', async () => {
    const page = join(fixture.root, 'content/docs/support/index.ru.md');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n[a](#%zz) [b](./x%zz.md) ![c](/img/%zz.svg) [d](/docs/support#%E0%A4%A)\n`);
    const { diagnostics } = await runPipeline({ root: fixture.root, mode: 'validate', cache: false });
    const line = readFileSync(page, 'utf8').split('\n').length - 1;
    const here = diagnostics.filter((d) => d.file === 'content/docs/support/index.ru.md' && d.severity === 'error');
    expect(here.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      `${line}:1 broken-anchor`,
      `${line}:11 broken-link`,
      `${line}:26 missing-image`,
      `${line}:45 broken-anchor`,
    ]);
  });
});

describe('names a page cannot take from the site', () => {
  it('`:fact[constructor]` and other inherited names are unknown facts, not code printed on the page', async () => {
    const facts = { support_email: 'support@vitrina.example' };
    const { body, diagnostics } = await compileMarkdown(
      'Lead :fact[constructor], :fact[toString], :fact[valueOf] and :fact[hasOwnProperty].\n',
      { facts },
    );
    expect(diagnostics.map((d) => `${d.line} ${d.code}`)).toEqual(Array(4).fill('1 unknown-fact'));
    expect(JSON.stringify(body)).not.toContain('native code');
  });

  it('a heading id reserved by the site (`{#vd-main}`) is an error at its heading', async () => {
    const { diagnostics } = await compileMarkdown('Lead.\n\n## Main {#vd-main}\n\n## Title {#vd-title}\n\n## Fine {#main}\n');
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['3:1 reserved-heading-id', '5:1 reserved-heading-id']);
  });
});
