import { defineConfig } from 'vitest/config';

/**
 * Two runs share this config: the main suite (`npm run test:server`) and the
 * fault tests (`npm run test:faults`, FLOORFILL_FAULTS=1), which spawn server
 * processes, Redis servers and TCP proxies and so run alone, one file at a time.
 */
const faults = process.env.FLOORFILL_FAULTS === '1';

export default defineConfig({
  test: {
    include: faults ? ['test/faults/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: faults ? [] : ['test/faults/**'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file gets its own database clone; two at a time suits the 2-core CI machines.
    maxWorkers: faults ? 1 : 2,
  },
});
