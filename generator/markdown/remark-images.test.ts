import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMarkdown } from './processor.ts';

const svg = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"/>`;
const staticDir = mkdtempSync(join(tmpdir(), 'vd-images-'));
mkdirSync(join(staticDir, 'img'));
writeFileSync(join(staticDir, 'img', 'flow.ru.svg'), svg(720, 300));
writeFileSync(join(staticDir, 'img', 'flow.ru.narrow.svg'), svg(340, 600));
writeFileSync(join(staticDir, 'img', 'plain.svg'), svg(400, 200));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

async function imageOf(markdown: string) {
  const { body, diagnostics } = await compileMarkdown(markdown, { staticDir });
  expect(diagnostics).toEqual([]);
  const p = body.children[0] as { children: { properties: Record<string, unknown> }[] };
  return p.children[0]!.properties;
}

describe('remarkImages', () => {
  it('records the size of an image and, when there is one, the file and size of its narrow variant', async () => {
    expect(await imageOf('![Схема](/img/flow.ru.svg)')).toEqual({
      src: '/img/flow.ru.svg',
      alt: 'Схема',
      loading: 'lazy',
      decoding: 'async',
      width: 720,
      height: 300,
      dataNarrowSrc: '/img/flow.ru.narrow.svg',
      dataNarrowWidth: 340,
      dataNarrowHeight: 600,
    });
  });

  it('records no narrow variant for an image without one', async () => {
    const props = await imageOf('![Схема](/img/plain.svg)');
    expect(props).toMatchObject({ width: 400, height: 200 });
    expect(props).not.toHaveProperty('dataNarrowSrc');
  });
});
