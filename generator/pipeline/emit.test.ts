import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StagedOutput } from './emit.ts';

describe('StagedOutput', () => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'vd-emit-'));
    dirs.push(dir);
    const out = join(dir, 'dist');
    mkdirSync(join(out, 'docs'), { recursive: true });
    writeFileSync(join(out, 'docs', 'old.html'), 'old');
    return { dir, out };
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('writes files as they come, outside the output, and swaps them in on commit', () => {
    const { dir, out } = scratch();
    const staged = new StagedOutput(out, join(dir, '.cache', 'staging'));
    staged.write('docs/a/index.html', '<p>a</p>');
    staged.write('data/a.json', Buffer.from('{}'));
    expect(readdirSync(join(out, 'docs'))).toEqual(['old.html']);
    expect(staged.files).toBe(2);
    staged.commit();
    expect(readFileSync(join(out, 'docs/a/index.html'), 'utf8')).toBe('<p>a</p>');
    expect(readdirSync(join(out, 'docs'))).toEqual(['a']);
    expect(readdirSync(dir).sort()).toEqual(['.cache', 'dist']);
    expect(readdirSync(join(dir, '.cache', 'staging'))).toEqual([]);
  });

  it('leaves the previous output as it was and nothing beside it when discarded', () => {
    const { dir, out } = scratch();
    const staged = new StagedOutput(out, join(dir, '.cache', 'staging'));
    staged.write('docs/a/index.html', '<p>a</p>');
    staged.discard();
    expect(readFileSync(join(out, 'docs/old.html'), 'utf8')).toBe('old');
    expect(readdirSync(join(out, 'docs'))).toEqual(['old.html']);
    expect(readdirSync(dir).sort()).toEqual(['.cache', 'dist']);
    expect(readdirSync(join(dir, '.cache', 'staging'))).toEqual([]);
  });

  it('removes the staging folders of builds that were killed, and keeps those of builds still running', () => {
    const { dir, out } = scratch();
    const staging = join(dir, '.cache', 'staging');
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const alive = process.ppid;
    for (const name of [`next-${gone}-abc`, `old-${gone}-abc`, `next-${alive}-abc`])
      mkdirSync(join(staging, name, 'docs'), { recursive: true });
    // What earlier versions left beside the output.
    mkdirSync(join(dir, `.dist-next-${gone}-abc`));
    const staged = new StagedOutput(out, staging);
    const left = readdirSync(staging);
    expect(left).toHaveLength(2);
    expect(left).toContain(`next-${alive}-abc`);
    expect(left.filter((n) => n.startsWith(`next-${process.pid}-`))).toHaveLength(1);
    expect(readdirSync(dir).sort()).toEqual(['.cache', 'dist']);
    staged.discard();
  });

  it('copies folders in without overwriting what the build wrote', () => {
    const { dir, out } = scratch();
    const from = join(dir, 'static');
    mkdirSync(join(from, 'img'), { recursive: true });
    writeFileSync(join(from, 'img', 'a.svg'), '<svg/>');
    writeFileSync(join(from, 'robots.txt'), 'from static');
    const staged = new StagedOutput(out, join(dir, '.cache', 'staging'));
    staged.write('robots.txt', 'made by the build');
    staged.copy(from, '.');
    staged.copy(join(dir, 'missing'), 'assets');
    staged.commit();
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toBe('made by the build');
    expect(readFileSync(join(out, 'img', 'a.svg'), 'utf8')).toBe('<svg/>');
  });

  describe('with a record of the previous output', () => {
    /** A build into `out` that writes `files` (path → [key, text]), taking what it can from the previous output. */
    const build = (dir: string, out: string, files: Record<string, [string, string]>, commit = true) => {
      const staged = new StagedOutput(out, join(dir, '.cache', 'staging'), join(dir, '.cache', 'output-record.json'));
      const taken: string[] = [];
      for (const [rel, [key, text]] of Object.entries(files)) {
        if (staged.reuse(rel, key)) taken.push(rel);
        else {
          staged.write(rel, text);
          staged.keyed(rel, key);
        }
      }
      if (commit) staged.commit();
      else staged.discard();
      return taken;
    };

    it('takes the files whose key did not change, with the same bytes, and makes the others', () => {
      const { dir, out } = scratch();
      build(dir, out, { 'a.html': ['k1', 'A'], 'b.html': ['k2', 'B'] });
      expect(build(dir, out, { 'a.html': ['k1', 'A'], 'b.html': ['k3', 'B2'] })).toEqual(['a.html']);
      expect(readFileSync(join(out, 'a.html'), 'utf8')).toBe('A');
      expect(readFileSync(join(out, 'b.html'), 'utf8')).toBe('B2');
      // (And again: a file taken is recorded for the build after.)
      expect(build(dir, out, { 'a.html': ['k1', 'A'], 'b.html': ['k3', 'B2'] }).sort()).toEqual(['a.html', 'b.html']);
    });

    it('makes a file again when the previous output was edited since, or is another folder', () => {
      const { dir, out } = scratch();
      build(dir, out, { 'a.html': ['k1', 'A'] });
      writeFileSync(join(out, 'a.html'), 'edited by hand');
      expect(build(dir, out, { 'a.html': ['k1', 'A'] })).toEqual([]);
      expect(readFileSync(join(out, 'a.html'), 'utf8')).toBe('A');
      const other = join(dir, 'other');
      expect(build(dir, other, { 'a.html': ['k1', 'A'] })).toEqual([]);
    });

    it('writes only the files whose bytes change, and removes from the output those no longer made', () => {
      const { dir, out } = scratch();
      const once = (files: Record<string, string>) => {
        const staged = new StagedOutput(out, join(dir, '.cache', 'staging'), join(dir, '.cache', 'output-record.json'));
        for (const [rel, text] of Object.entries(files)) staged.write(rel, text);
        staged.commit();
      };
      once({ 'same.json': 'S', 'edited.json': 'E1', 'gone/deep/x.json': 'X' });
      const ino = (rel: string) => statSync(join(out, rel)).ino;
      const [same, edited] = [ino('same.json'), ino('edited.json')];
      once({ 'same.json': 'S', 'edited.json': 'E2', 'new/y.json': 'Y' });
      expect(ino('same.json')).toBe(same);
      expect(ino('edited.json')).not.toBe(edited);
      expect(readFileSync(join(out, 'edited.json'), 'utf8')).toBe('E2');
      expect(readdirSync(out, { recursive: true }).map(String).sort()).toEqual(['edited.json', 'new', 'new/y.json', 'same.json']);
      expect(readdirSync(join(dir, '.cache', 'staging'))).toEqual([]);
    });

    it('keeps the record of the output that is still there when a build is discarded', () => {
      const { dir, out } = scratch();
      build(dir, out, { 'a.html': ['k1', 'A'] });
      build(dir, out, { 'a.html': ['k2', 'A2'] }, false);
      expect(readFileSync(join(out, 'a.html'), 'utf8')).toBe('A');
      expect(build(dir, out, { 'a.html': ['k1', 'A'] })).toEqual(['a.html']);
    });
  });
});
