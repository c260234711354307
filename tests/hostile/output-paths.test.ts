/**
 * Paths from configuration or content that become files stay inside the output: a redirect's
 * `from` with `..` and route segments named like the files a build writes (`email.md`,
 * `index.html`) are errors at their place, before anything is written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '@vitrina-docs/generator';
import type { Diagnostic } from '@vitrina-docs/schemas';
import { copyFixture, runCli } from '../helpers/project.ts';

describe('paths that would be written outside the output, or over its files', () => {
  const fixture = copyFixture('site-ok');
  const site = join(fixture.root, 'content/site.yaml');
  const escape = join(dirname(fixture.root), 'vd-outside-dist');
  let diagnostics: Diagnostic[] = [];
  const errorsOf = (file: string) => diagnostics.filter((d) => d.file === file && d.severity === 'error').map((d) => `${d.line} ${d.code}`);

  beforeAll(async () => {
    const text = readFileSync(site, 'utf8');
    writeFileSync(
      site,
      text.replace(
        '  - { from: /docs, to: /docs/mobile }',
        [
          '  - { from: /docs, to: /docs/mobile }',
          '  - { from: /../../../../../vd-outside-dist, to: /docs/mobile }',
          '  - { from: /docs/./x, to: /docs/mobile }',
          '  - { from: /a, to: //evil.example/x }',
          '  - { from: /b, to: "/\\\\evil.example" }',
          '  - { from: /c, to: "/\\t/evil.example" }',
        ].join('\n'),
      ),
    );
    const support = (name: string) => join(fixture.root, 'content/docs/support', name);
    for (const name of ['email.md', 'index.html'])
      for (const locale of ['ru', 'en']) writeFileSync(support(`${name}.${locale}.md`), readFileSync(support(`index.${locale}.md`)));
    diagnostics = (await runPipeline({ root: fixture.root, mode: 'validate', cache: false })).diagnostics;
  });
  afterAll(() => fixture.cleanup());

  it('validate: a redirect from or to anything but a path of the site is an error at its line in site.yaml', () => {
    const line =
      readFileSync(site, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('vd-outside-dist')) + 1;
    expect(errorsOf('content/site.yaml')).toEqual([0, 1, 2, 3, 4].map((i) => `${line + i} site-config-invalid`));
  });

  it('validate: a route segment named like a file the build writes is an error at the page file', () => {
    for (const name of ['email.md', 'index.html'])
      for (const locale of ['ru', 'en'])
        expect(errorsOf(`content/docs/support/${name}.${locale}.md`), name).toEqual(['1 invalid-file-name']);
  });

  it('build: exits 1 with the findings, writes nothing outside the output', async () => {
    const r = await runCli(['-C', fixture.root, 'build', '--no-prerender']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('content/docs/support/email.md.ru.md:1:1  error  invalid-file-name');
    expect(r.stderr).not.toMatch(/EEXIST|EISDIR|\n\s+at /);
    expect(existsSync(escape)).toBe(false);
    expect(existsSync(join(fixture.root, 'dist'))).toBe(false);
  });
});
