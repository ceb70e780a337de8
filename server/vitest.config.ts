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
    // The main suite's files share each worker's loaded modules (the app is imported once per
    // worker, not once per file: half the suite's time). Every file builds its own app, database
    // and Redis prefix, so nothing of a test's lives in a module; a file that must watch a
    // library spies on the library's exported object, which the app shares. The fault tests
    // keep a fresh module graph per file.
    isolate: faults,
    // Each file gets its own database clone; two at a time suits the 2-core CI machines.
    maxWorkers: faults ? 1 : 2,
  },
});
