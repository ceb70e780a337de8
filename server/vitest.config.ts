import { defineConfig } from 'vitest/config';

/**
 * Two runs share this config: the main suite (`npm run test:server`) and the
 * fault tests (`npm run test:faults`, FLOORFILL_FAULTS=1), which spawn server
 * processes, Redis servers, TCP proxies and nginx and so run alone, one file
 * at a time. The topology test (two built nodes, a worker and nginx) is one of them.
 */
const faults = process.env.FLOORFILL_FAULTS === '1';
const alone = ['test/faults/**/*.test.ts', 'test/ops/topology.test.ts'];

export default defineConfig({
  test: {
    include: faults ? alone : ['test/**/*.test.ts'],
    exclude: faults ? [] : alone,
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file gets its own database clone; two at a time suits the 2-core CI machines.
    maxWorkers: faults ? 1 : 2,
  },
});
