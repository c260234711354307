/**
 * File names are data: a name with an escape sequence or a newline is printed escaped (one
 * finding stays one `file:line:column` line, and nothing reaches the terminal as a control
 * sequence), and a backslash in a name is a character of that name, not a folder separator.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, runCli, type CliResult } from '../helpers/project.ts';

const RECORD = /^\S.*:\d+:\d+ {2}(error|warning) {2}[a-z-]+ {2}/;

describe('hostile file names', () => {
  const fixture = copyFixture('site-ok');
  const docs = join(fixture.root, 'content/docs');
  let r: CliResult;
  let json: CliResult;

  beforeAll(async () => {
    const page = join(docs, 'support/index.ru.md');
    copyFileSync(page, join(docs, 'support/\u001b]0;owned\u0007\u001b[2J.ru.md'));
    copyFileSync(page, join(docs, 'support/two\nlines.ru.md'));
    copyFileSync(page, join(docs, 'support\\index.ru.md'));
    copyFileSync(page, join(docs, 'support/\u009b2J\u202eclear.ru.md'));
    r = await runCli(['-C', fixture.root, 'validate']);
    json = await runCli(['-C', fixture.root, 'validate', '--format', 'json']);
  });
  afterAll(() => fixture.cleanup());

  it('escape sequences and newlines in a name are printed escaped, one finding a line', () => {
    expect(r.code).toBe(1);
    // eslint-disable-next-line no-control-regex
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(r.stderr).toContain('content/docs/support/\\x1b]0;owned\\x07\\x1b[2J.ru.md:1:1  error  invalid-file-name');
    expect(r.stderr).toContain('content/docs/support/two\\nlines.ru.md:1:1  error  invalid-file-name');
    const findings = r.stderr.split('\n').filter((l) => l.includes('  error  ') || l.includes('  warning  '));
    expect(findings.length).toBeGreaterThan(0);
    for (const line of findings) expect(line).toMatch(RECORD);
  });

  it('a backslash in a name is not a folder separator: the error names that file, the real page is not a duplicate', () => {
    expect(r.stderr).toContain('content/docs/support\\index.ru.md:1:1  error  invalid-file-name');
    expect(r.stderr).not.toMatch(/duplicate/i);
  });

  it('--format json carries the same names with every control character escaped, C1 and bidi overrides too', () => {
    expect(json.code).toBe(1);
    // eslint-disable-next-line no-control-regex
    expect(json.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    const files = (JSON.parse(json.stdout) as { diagnostics: { file: string }[] }).diagnostics.map((d) => d.file);
    expect(files).toEqual(
      expect.arrayContaining([
        'content/docs/support/\u001b]0;owned\u0007\u001b[2J.ru.md',
        'content/docs/support/two\nlines.ru.md',
        'content/docs/support/\u009b2J\u202eclear.ru.md',
      ]),
    );
  });
});
