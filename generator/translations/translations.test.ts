import { describe, expect, it } from 'vitest';
import { withTranslationMark } from './mark.ts';
import { pageBody, translationHash } from './source-hash.ts';

const page = (fm: string, body: string) => `---\n${fm}---\n${body}`;

describe('translationHash', () => {
  it('is 12 hex digits of the body alone', () => {
    const a = translationHash(page('title: A\n', '\nText of the page.\n'));
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(translationHash(page('title: Another title\nsidebar_position: 3\n', '\nText of the page.\n'))).toBe(a);
    expect(pageBody(page('title: A\n', 'Body'))).toBe('Body');
  });

  it('ignores whitespace, not words', () => {
    const a = translationHash(page('title: A\n', 'One two\nthree.\n\n## Next\n'));
    expect(translationHash(page('title: A\n', '\n\nOne   two three.\n## Next   \n\n'))).toBe(a);
    expect(translationHash(page('title: A\n', 'One two four.\n\n## Next\n'))).not.toBe(a);
  });
});

describe('withTranslationMark', () => {
  it('adds the key before the closing line and keeps every other byte', () => {
    const src = page('title: A\ndescription: B\n', '\nBody\n---\nnot frontmatter\n');
    expect(withTranslationMark(src, '0123456789ab')).toBe(
      page('title: A\ndescription: B\ntranslation_of: 0123456789ab\n', '\nBody\n---\nnot frontmatter\n'),
    );
  });

  it('replaces an existing mark in place', () => {
    const src = page('title: A\ntranslation_of: 000000000000\nkeywords: [x]\n', 'Body\n');
    expect(withTranslationMark(src, 'abcdefabcdef')).toBe(page('title: A\ntranslation_of: abcdefabcdef\nkeywords: [x]\n', 'Body\n'));
  });

  it('quotes a hash that YAML would read as a number', () => {
    const src = page('title: A\n', 'Body\n');
    expect(withTranslationMark(src, '889744200968')).toBe(page('title: A\ntranslation_of: "889744200968"\n', 'Body\n'));
    expect(withTranslationMark(src, '12e456789012')).toBe(page('title: A\ntranslation_of: "12e456789012"\n', 'Body\n'));
  });

  it('keeps CRLF line ends', () => {
    const src = '---\r\ntitle: A\r\n---\r\nBody\r\n';
    expect(withTranslationMark(src, 'abcdefabcdef')).toBe('---\r\ntitle: A\r\ntranslation_of: abcdefabcdef\r\n---\r\nBody\r\n');
  });

  it('refuses a page without frontmatter', () => {
    expect(() => withTranslationMark('Body', 'abcdefabcdef')).toThrow(/frontmatter/);
  });
});
