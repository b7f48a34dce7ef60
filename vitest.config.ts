import { defineConfig } from 'vitest/config';

/**
 * One vitest run, three projects:
 * - unit: pure domain code, no emulators;
 * - integration: handlers through the local gateway over DynamoDB Local and cognito-local
 *   (one in-memory local cloud per worker, each with its own table, started by the global setup);
 * - web: React components in jsdom.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/core/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'stacks/**/*.test.ts', 'scripts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/functions/test/**/*.test.ts', 'packages/local/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/local/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
