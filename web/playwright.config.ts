import { defineConfig, devices } from '@playwright/test';

/**
 * Chromium from Debian only (never a downloaded browser). The flags keep it quiet on a closed
 * network, where background services otherwise stall page loads.
 * `npm run e2e -w web` (e2e/run.mjs) builds the app, starts the local cloud and sets E2E_BASE_URL.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:7101';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Traces and screenshots of failures; E2E_OUTPUT_DIR keeps parallel runs on one checkout apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results/artifacts',
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000, toHaveScreenshot: { maxDiffPixelRatio: 0.002 } },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // visual.spec.ts's pictures, committed; one set (Debian's Chromium on Linux is the only browser).
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
