import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Files of a build, by path relative to the output folder. */
export type OutputFiles = Map<string, string | Buffer>;

/**
 * Writes the whole output into a fresh folder beside `outDir`, then swaps it in. A build
 * that fails before the swap leaves the previous output exactly as it was.
 */
export function emitAtomically(outDir: string, files: OutputFiles, copyDirs: { from: string; to: string }[] = []): void {
  const target = resolve(outDir);
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const tmp = join(parent, `.${'dist'}-next-${stamp}`);
  const old = join(parent, `.dist-old-${stamp}`);
  try {
    mkdirSync(tmp, { recursive: true });
    for (const { from, to } of copyDirs) {
      if (existsSync(from)) cpSync(from, join(tmp, to), { recursive: true });
    }
    const made = new Set<string>();
    for (const [rel, data] of files) {
      const abs = join(tmp, rel);
      const dir = dirname(abs);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(abs, data);
    }
    if (existsSync(target)) renameSync(target, old);
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(target) && existsSync(old)) renameSync(old, target);
    throw e;
  }
  rmSync(old, { recursive: true, force: true });
}
