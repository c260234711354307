/**
 * URLs in site.yaml: the site's origin, the product site and the edit link are https URLs as
 * written (no `javascript:`, `data:`, `http:`, backslash or user name), and a navbar, footer or
 * announcement link is a path of this site (not `//host`), an https URL or a mailto: link; each
 * other value is an error at its line and column in site.yaml.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '@vitrina-docs/generator';
import type { Diagnostic } from '@vitrina-docs/schemas';
import { copyFixture } from '../helpers/project.ts';

const fixture = copyFixture('site-ok');
const site = join(fixture.root, 'content/site.yaml');
let diagnostics: Diagnostic[] = [];
let text = '';
/** `line:column` of the first occurrence of `needle` (the value) in site.yaml. */
const at = (needle: string) => {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  expect(line, needle).toBeGreaterThanOrEqual(0);
  return `${line + 1}:${lines[line]!.indexOf(needle) + 1}`;
};
const found = () =>
  diagnostics.filter((d) => d.file === 'content/site.yaml' && d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.code}`);

beforeAll(async () => {
  text = readFileSync(site, 'utf8')
    .replace('url: https://docs.vitrina.example', 'url: "javascript:alert(document.domain)//"')
    .replace('productUrl: https://vitrina.example', 'productUrl: "https:\\\\evil.example"')
    .replace('editUrl: https://git.vitrina.example/vitrina/docs/edit/main/', 'editUrl: "http://git.vitrina.example/edit/"')
    .replace('to: /docs/portal }', 'to: "//evil.example/portal" }')
    .replace('to: /docs/releases }', 'to: "data:text/html,<script>alert(1)</script>" }')
    .replace('to: /blog }', 'to: "/\\\\evil.example" }')
    .replace('to: /docs/support }', 'to: "https://docs.vitrina.example@evil.example/" }');
  writeFileSync(site, text);
  diagnostics = (await runPipeline({ root: fixture.root, mode: 'validate', cache: false })).diagnostics;
});
afterAll(() => fixture.cleanup());

describe('site.yaml URLs', () => {
  it('javascript:, a backslash and http: in url, productUrl and editUrl are errors at the value', () => {
    expect(found()).toEqual(
      expect.arrayContaining([
        `${at('"javascript:')} site-config-invalid`,
        `${at('"https:\\\\')} site-config-invalid`,
        `${at('"http://git')} site-config-invalid`,
      ]),
    );
  });

  it('//host, data:, /\\host and a user name in a link target are errors at the value', () => {
    expect(found()).toEqual(
      expect.arrayContaining([
        `${at('"//evil.example/portal"')} site-config-invalid`,
        `${at('"data:text/html')} site-config-invalid`,
        `${at('"/\\\\evil.example"')} site-config-invalid`,
        `${at('"https://docs.vitrina.example@evil')} site-config-invalid`,
      ]),
    );
    expect(found()).toHaveLength(7);
  });
});
