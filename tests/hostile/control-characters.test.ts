/**
 * Control characters (U+0000–U+001F but tab and newline) in a title, a description or an author
 * are errors at their place in the frontmatter, and never reach a feed: a feed with one is not
 * XML, and strict readers drop it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPipeline } from '@vitrina-docs/generator';
import { atomFeed, rssFeed } from '../../generator/publish/feeds.ts';
import { copyFixture } from '../helpers/project.ts';

/** Characters that XML 1.0 does not allow in a document (its `Char` production). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

describe('control characters in a blog post', () => {
  const fixture = copyFixture('site-ok');
  afterAll(() => fixture.cleanup());

  it('are errors at the value in the frontmatter (file:line:column)', async () => {
    const post = join(fixture.root, 'content/blog/2021-05-18-launch.en.md');
    writeFileSync(
      post,
      readFileSync(post, 'utf8')
        .replace('title: IC3 launch', 'title: "IC3\\a launch\\0"')
        .replace('authors: [Anna Smirnova]', 'authors: [Anna Smirnova, "\\e]0;owned\\a Bob"]'),
    );
    const { diagnostics } = await runPipeline({ root: fixture.root, mode: 'validate', cache: false });
    const here = diagnostics.filter((d) => d.file === 'content/blog/2021-05-18-launch.en.md' && d.severity === 'error');
    expect(here.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['2:8 frontmatter-invalid', '5:26 frontmatter-invalid']);
    expect(here[0]!.message).toMatch(/control character/);
  });
});

describe('feeds', () => {
  it('leave out characters XML does not allow, so that the feed stays XML', () => {
    const input = {
      siteUrl: 'https://docs.vitrina.example',
      locale: 'en' as const,
      title: 'Blog\u0000',
      description: 'News\u001b[31m',
      blogPath: '/en/blog',
      feedPath: '/en/blog/rss.xml',
      posts: [
        {
          path: '/en/blog/2021-05-18-launch',
          title: 'IC3\u0007 launch',
          description: 'The app\u000c is out',
          date: '2021-05-18',
          authors: ['\u001b]0;owned\u0007Bob'],
          tags: ['ic3'],
        },
      ],
    };
    for (const xml of [rssFeed(input), atomFeed(input)]) {
      expect(xml).not.toMatch(NOT_XML);
      expect(xml).toContain('IC3 launch');
    }
  });
});
