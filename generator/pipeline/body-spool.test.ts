import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BodySpool } from './body-spool.ts';

describe('BodySpool: page bodies kept on disk between compiling and writing the page JSON', () => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'vd-spool-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('gives back every body as it was put, in any order, multi-byte text included', () => {
    const spool = new BodySpool(scratch());
    const bodies = ['{"type":"root","children":[]}', JSON.stringify({ text: 'Визит — «полка» ✓ 😀' }), 'x'.repeat(300_000), ''];
    const refs = bodies.map((b) => spool.put(b));
    expect(refs.map((_, i) => spool.read(refs[refs.length - 1 - i]!))).toEqual([...bodies].reverse());
    spool.remove();
  });

  it('removes its file when done, and the file of a build that was killed', () => {
    const dir = scratch();
    // A build that is gone (no process has this id).
    const dead = join(dir, 'bodies-999999999-abc');
    writeFileSync(dead, 'left over');
    const spool = new BodySpool(dir);
    expect(existsSync(dead)).toBe(false);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(new RegExp(`^bodies-${process.pid}-`))]);
    spool.remove();
    expect(readdirSync(dir)).toEqual([]);
    expect(() => spool.read({ offset: 0, bytes: 1 })).toThrow(/closed/);
  });
});
