import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { envSchema } from '../../src/config/env-schema.ts';
import { vapidKeys } from '../ops/server-process.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'floorfill-config-'));
const secret = 'x'.repeat(40);
const key = 'a'.repeat(64);
const vapid = vapidKeys();

describe('config', () => {
  it('starts with no settings at all: embedded defaults and generated secrets kept under DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      devOutbox: true,
      isProduction: false,
    });
    expect(first.databaseUrl).toBeUndefined();
    expect(first.redisUrl).toBeUndefined();
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(64);
    // The same secret on the next start, so sessions survive a restart.
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'short'],
    ['ENCRYPTION_KEY', 'xyz'],
  ])('refuses a wrong %s and names it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrowError(
      new RegExp(`${name}:`),
    );
  });

  it('refuses production without its secrets, public URL and SMTP', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = String((error as Error).message);
    for (const name of [
      'JWT_SECRET',
      'ENCRYPTION_KEY',
      'PUBLIC_URL',
      'SMTP_URL',
      'VAPID_PUBLIC_KEY',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('accepts a complete production configuration and turns the dev outbox off', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      JWT_SECRET: secret,
      ENCRYPTION_KEY: key,
      PUBLIC_URL: 'https://floorfill.example/',
      SMTP_URL: 'smtp://mail.example:587',
      ...vapid,
      // A public address needs real payments (demo payments would let anyone "pay").
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    });
    expect(config).toMatchObject({
      isProduction: true,
      devOutbox: false,
      publicUrl: 'https://floorfill.example',
    });
  });

  it('reads every variable set empty as unset: each takes its default', () => {
    const dir = dataDir();
    const empty = Object.fromEntries(Object.keys(envSchema.shape).map((name) => [name, '']));
    expect(Object.keys(empty).length).toBeGreaterThan(50);
    const fixed = { DATA_DIR: dir, JWT_SECRET: secret, ENCRYPTION_KEY: key };
    expect(loadConfig({ ...empty, ...fixed })).toEqual(loadConfig(fixed));
  });

  it.each([
    ['PORT', '1.5', 'PORT: Invalid input: expected int, received number'],
    ['PORT', '65536', 'PORT: Too big: expected number to be <=65535'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE: Too small: expected number to be >=1'],
    // A limit with no upper bound still has its lower one.
    [
      'AUTH_RATE_LIMIT_PER_MINUTE',
      '0',
      'AUTH_RATE_LIMIT_PER_MINUTE: Too small: expected number to be >=1',
    ],
    [
      'SONG_REQUEST_RATE_LIMIT_PER_MINUTE',
      '-1',
      'SONG_REQUEST_RATE_LIMIT_PER_MINUTE: Too small: expected number to be >=0',
    ],
    [
      'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS',
      '60001',
      'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: Too big: expected number to be <=60000',
    ],
  ])('holds %s=%s to a whole number in its range', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrowError(message);
  });

  it('takes a whole number at the ends of its range, and a limit with no upper bound above any', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '65535',
      DATABASE_POOL_SIZE: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    expect(config).toMatchObject({
      port: 65535,
      databasePoolSize: 1,
      authRateLimitPerMinute: 100_000_000,
      overload: { maxEventLoopDelayMs: 0 },
    });
  });
});
