import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The workspace packages resolve to their TypeScript sources (the `vitrina-docs-source` export
// condition), never to a compiled lib/ that may be stale.
const conditions = ['vitrina-docs-source', ...defaultServerConditions];

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
    execArgv: ['--conditions=vitrina-docs-source'],
    globalSetup: ['tests/global-setup.ts'],
  },
});
