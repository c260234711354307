import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/project.ts';

/**
 * No module of the packages imports itself through others, type-only imports included: a cycle
 * ties its modules into one unit that can be neither read, tested nor loaded on its own (a
 * worker thread that needs one of them loads them all), and evaluation order inside it decides
 * which binding is still undefined.
 */
describe('the sources have no import cycles', { timeout: 300_000 }, () => {
  it('in generator/, renderer/, search/ and schemas/', async () => {
    const graph = await madge(['generator', 'renderer', 'search', 'schemas'], {
      baseDir: ROOT,
      fileExtensions: ['ts', 'tsx', 'mjs'],
      // (Compiled output and installed packages are not the sources.)
      excludeRegExp: [/(^|\/)(lib|node_modules|dist)\//],
      tsConfig: `${ROOT}/tsconfig.json`,
      // Type-only imports count: `import type` cycles are cycles of the design all the same.
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    });
    // Every relative import was resolved (a module madge cannot find would hide its edges); an
    // asset imported with a Vite query (`./console.css?url`) is a file, not a module.
    const unresolved = graph.warnings().skipped.filter((name) => name.startsWith('.') && !/\.css\?url$/.test(name));
    expect(unresolved).toEqual([]);
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(100);
    const cycles = graph.circular().map((cycle) => cycle.join(' → '));
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });
});
