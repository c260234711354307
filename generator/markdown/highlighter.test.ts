import { describe, expect, it } from 'vitest';
import { createCodeHighlighter } from './highlighter.ts';

describe('createCodeHighlighter: release()', () => {
  const kotlin = { lang: 'kotlin', code: 'val visit = Visit(id = 1, status = "done")' };
  const bash = { lang: 'bash', code: 'curl -s -H "Authorization: Token $VITRINA_API_KEY" https://api.vitrina.example/api/v1.5/visits' };

  it('keeps the blocks highlighted before, and highlights a new one as a highlighter that never let go does', async () => {
    const released = await createCodeHighlighter();
    const before = await released.highlight(kotlin.lang, kotlin.code);
    released.release();
    // A block highlighted before is served as it was, without Shiki.
    expect(released.highlight(kotlin.lang, kotlin.code)).toBe(before);
    // A new one loads Shiki again; its markup and classes are those of a highlighter that kept it.
    const again = released.highlight(bash.lang, bash.code);
    expect(again).toBeInstanceOf(Promise);
    const fresh = await createCodeHighlighter();
    expect(await again).toEqual(await fresh.highlight(bash.lang, bash.code));
    expect(Object.keys((await again).classes).length).toBeGreaterThan(0);
    // Once loaded again, it answers at once.
    expect(released.highlight('json', '{"id": 1}')).not.toBeInstanceOf(Promise);
  });

  it('does not take Shiki from another highlighter of the thread', async () => {
    const a = await createCodeHighlighter();
    const b = await createCodeHighlighter();
    a.release();
    expect(b.highlight(kotlin.lang, kotlin.code)).not.toBeInstanceOf(Promise);
  });
});
