import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PROCESS_TEST_TIMEOUT_MS,
  processDatabase,
  productionSecrets,
  spawnServer,
  stopServer,
  waitUntilServing,
  type ServerProcess,
} from './server-process.ts';

/**
 * `NODE_ENV=production` start-up refuses what would be unsafe on the
 * internet, naming the variable, before it opens anything; a complete
 * production configuration starts and answers ready.
 */

const scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-prodconfig-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => stopServer(server)));
  rmSync(scratch, { recursive: true, force: true });
});

/** Everything production needs, for a public address with real (here: fake) Stripe keys. */
function completeEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://floorfill.example.com',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    STRIPE_SECRET_KEY: 'sk_test_opsConfigCheck000',
    STRIPE_WEBHOOK_SECRET: 'whsec_opsConfigCheck000',
    DATA_DIR: path.join(scratch, randomBytes(4).toString('hex')),
    LOG_LEVEL: 'warn',
    ...productionSecrets(),
  };
}

function without(env: Record<string, string>, ...names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
}

async function refusal(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const server = await spawnServer(env);
  servers.push(server);
  const { code } = await server.exited;
  return { code, output: server.output() };
}

describe('production start-up', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it.each([
    [
      'no JWT_SECRET',
      () => without(completeEnv(), 'JWT_SECRET'),
      'JWT_SECRET: required in production',
    ],
    [
      'no ENCRYPTION_KEY',
      () => without(completeEnv(), 'ENCRYPTION_KEY'),
      'ENCRYPTION_KEY: required in production',
    ],
    [
      'no SMTP_URL, which would mean the dev outbox',
      () => without(completeEnv(), 'SMTP_URL'),
      'SMTP_URL: required in production (the dev outbox is never served there)',
    ],
    [
      'demo payments (no Stripe keys) without DEMO_PAYMENTS=true',
      () => without(completeEnv(), 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'),
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required in production, or DEMO_PAYMENTS=true',
    ],
  ])('refuses %s with a message naming the variable', async (_case, env, message) => {
    const { code, output } = await refusal(env());
    expect(code).toBe(1);
    expect(output).toContain('Floorfill cannot start. Unsafe production configuration:');
    expect(output).toContain(message);
    // The refusal comes from the config check, not a crash further in.
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('names every missing setting at once', async () => {
    const { code, output } = await refusal(
      without(completeEnv(), 'JWT_SECRET', 'SMTP_URL', 'PUBLIC_URL'),
    );
    expect(code).toBe(1);
    for (const name of ['JWT_SECRET', 'SMTP_URL', 'PUBLIC_URL']) {
      expect(output).toContain(`${name}: required in production`);
    }
  });

  it('starts with a complete configuration, answers ready, and stops with exit code 0', async () => {
    const env = completeEnv();
    const database = await processDatabase(env.DATA_DIR ?? scratch);
    const redisPrefix = `ffops:${randomBytes(4).toString('hex')}`;
    const redisUrl = process.env.REDIS_URL;
    try {
      const server = await spawnServer({
        ...env,
        ...database.env,
        ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : {}),
        WEB_DIST_DIR: path.join(scratch, 'no-web'),
      });
      servers.push(server);
      await waitUntilServing(server, '/readyz');
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(await ready.json()).toMatchObject({
        status: true,
        data: {
          database: database.env.DATABASE_URL ? 'postgres' : 'pglite',
          redis: Boolean(redisUrl),
        },
      });
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      await database.drop();
      if (redisUrl) {
        const redis = new Redis(redisUrl);
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    }
  });
});
