/** Link schemes: only http, https, mailto, tel and site paths reach a page; the rest is an error with its place. */
import { describe, expect, it } from 'vitest';
import { compileMarkdown, sortDiagnostics } from '@vitrina-docs/generator';

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
