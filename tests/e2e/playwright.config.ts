/**
 * End-to-end tests of the site in Debian's Chromium against real nginx serving dist/
 * (`npm run test:e2e`; build first). VITRINA_DIST points at another build folder.
 */
import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/e2e',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  timeout: 30_000,
  // Generous for a loaded machine: an expectation waits only as long as it must.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    locale: 'ru-RU',
    timezoneId: 'UTC',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
  },
});
