import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The workspace packages resolve to their TypeScript sources (the `vitrina-docs-source` export
// condition), never to a compiled lib/ that may be stale.
const conditions = ['vitrina-docs-source', ...defaultServerConditions];

/**
 * The hook runners' tests install a runner and the hook from an empty cache: minutes spent mostly
 * waiting on npm, pip and git, not on the processor. They start first, each in a worker of its own,
 * and the other files share the remaining workers meanwhile.
 */
const LONG_FIRST = [
  'tests/workflow/prek.test.ts',
  'tests/workflow/pre-commit-debian.test.ts',
  'tests/workflow/pre-commit-framework.test.ts',
  'tests/workflow/pre-commit.test.ts',
];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.indexOf(relative(this.ctx.config.root, f.moduleId));
      return i < 0 ? LONG_FIRST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['vitrina-docs-source'] } },
  test: {
    include: [
      'generator/**/*.test.ts',
      'schemas/**/*.test.ts',
      'search/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', '**/node_modules/**', 'dist/**', '**/lib/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Vitest's default (one worker fewer than the processors: one worker on two) would run the
    // long waits of LONG_FIRST one after another, before anything else.
    maxWorkers: LONG_FIRST.length + Math.max(1, availableParallelism() - 1),
    sequence: { sequencer: LongFirst },
    execArgv: ['--conditions=vitrina-docs-source'],
    globalSetup: ['tests/global-setup.ts'],
  },
});
