import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys against the built app in the embedded default, as a new user runs
 * it: PGlite under a fresh DATA_DIR, in-process queue, dev outbox — even in CI,
 * where DATABASE_URL and REDIS_URL are set for the server tests.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'floorfill-e2e-'));

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }]],
  use: {
    baseURL,
    // No fades: axe judges contrast on settled screens (the app honours reduced motion).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx server/src/main.ts',
    cwd: '..',
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // npx keeps V8 code caches of its own modules in one folder every run shares; a run
      // stopped while the server started twice died in npx with SIGSEGV (exit 139) reading
      // them back. The server's start is not worth that risk: no code cache here.
      NODE_DISABLE_COMPILE_CACHE: '1',
      // Journeys sign in many users from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '500',
      // and open unknown codes on purpose, from that one address: repeated runs
      // (--repeat-each) would spend its 30 in ten minutes. The budget itself is
      // tested in the server suite.
      CODE_FAILURES_PER_ADDRESS: '1000',
      // Journeys search the built-in catalog: a test never depends on reaching iTunes.
      CATALOG_PROVIDER: 'catalog',
      // The Web Push journey's push service listens on loopback (web-push.spec.ts).
      PUSH_SERVICE_HOSTS: '127.0.0.1',
    },
  },
});
