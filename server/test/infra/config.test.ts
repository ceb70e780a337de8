import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'floorfill-config-'));
const secret = 'x'.repeat(40);
const key = 'a'.repeat(64);

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
    for (const name of ['JWT_SECRET', 'ENCRYPTION_KEY', 'PUBLIC_URL', 'SMTP_URL']) {
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
});
