import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['generator/**/*.test.ts', 'schemas/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**', 'lib/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    globalSetup: ['tests/global-setup.ts'],
  },
});
