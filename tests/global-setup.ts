import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runPipeline } from '../generator/build.ts';
import { ROOT } from './helpers/project.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real content built once (data only, no HTML) for the tests that read a built site. */
    realDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'vd-real-'));
  const out = join(dir, 'dist');
  const result = await runPipeline({ root: ROOT, mode: 'build', outDir: out, prerender: false });
  if (result.errors > 0)
    throw new Error(
      `the real content does not build: ${result.diagnostics
        .filter((d) => d.severity === 'error')
        .slice(0, 5)
        .map((d) => `${d.file}:${d.line} ${d.code}`)
        .join(', ')}`,
    );
  project.provide('realDist', out);
  return () => rmSync(dir, { recursive: true, force: true });
}
