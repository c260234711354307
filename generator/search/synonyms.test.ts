/** `validate` checks the writers' synonym files: the schema, and phrases the search could not use. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Diagnostics } from '../diagnostics.ts';
import { checkSynonyms } from './synonyms.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function check(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'vd-synonyms-'));
  mkdirSync(join(dir, 'synonyms'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'synonyms', name), text);
  const diagnostics = new Diagnostics();
  const synonyms = checkSynonyms(dir, ['ru', 'en'], diagnostics);
  return { synonyms, found: diagnostics.sorted().map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`) };
}

describe('content/synonyms/<locale>.yaml', () => {
  it('passes groups of two or more words or phrases, per locale', () => {
    const r = check({
      'ru.yaml': 'synonyms:\n  - [айфон, iPhone]\n  - [API-ключ, ключ API]\n',
      'en.yaml': 'synonyms:\n  - [email, mailing]\n',
    });
    expect(r.found).toEqual([]);
    expect(r.synonyms).toEqual({
      ru: [
        ['айфон', 'iPhone'],
        ['API-ключ', 'ключ API'],
      ],
      en: [['email', 'mailing']],
    });
  });

  it('reports a group of one, a phrase of stop words only and a phrase in two groups, at their line and column', () => {
    const r = check({
      'ru.yaml': 'synonyms:\n  - [айфон]\n  - [эксель, Excel]\ntypo: 1\n',
    });
    expect(r.found).toEqual([
      expect.stringMatching(/^content\/synonyms\/ru\.yaml:2:\d+ synonyms-invalid .*synonyms\.0/),
      expect.stringMatching(/^content\/synonyms\/ru\.yaml:4:\d+ synonyms-invalid .*unknown key "typo"/),
    ]);
    const r2 = check({ 'en.yaml': 'synonyms:\n  - [and the, reports]\n  - [Excel, xlsx]\n  - [excel, spreadsheet]\n' });
    expect(r2.found).toEqual([
      'content/synonyms/en.yaml:2:6 synonym-empty synonyms: "and the" is made of stop words only and would match nothing',
      'content/synonyms/en.yaml:4:6 synonym-twice synonyms: "excel" is also in group 2; merge the two groups or keep it in one',
    ]);
  });
});
