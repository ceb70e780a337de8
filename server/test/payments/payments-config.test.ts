import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type RawEnv } from '../../src/config.ts';
import { vapidKeys } from '../ops/server-process.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'floorfill-payments-config-'));
const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};
const production: RawEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  ENCRYPTION_KEY: 'a'.repeat(64),
  SMTP_URL: 'smtp://mail.example:587',
  ...vapidKeys(),
};

function errorOf(env: RawEnv): string {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('configuration was accepted');
}

describe('payments configuration', () => {
  it('runs demo payments without Stripe keys, with no fee', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.payments).toEqual({
      mode: 'demo',
      stripe: undefined,
      platformFeeBasisPoints: 0,
    });
  });

  it('runs Stripe payments with both keys, never demo', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ...stripeKeys,
      STRIPE_PLATFORM_FEE_PERCENT: '2.5',
    });
    expect(config.payments).toEqual({
      mode: 'stripe',
      stripe: {
        secretKey: 'sk_test_abc123',
        webhookSecret: 'whsec_abc123',
        api: undefined,
      },
      platformFeeBasisPoints: 250,
    });
  });

  it('takes the Connect endpoint secret beside the platform one', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ...stripeKeys,
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect123',
    });
    expect(config.payments.stripe?.connectWebhookSecret).toBe('whsec_connect123');
  });

  it('stops when only one of the two keys is set, naming the missing one', () => {
    expect(errorOf({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toMatch(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
    expect(errorOf({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toMatch(
      /STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET/,
    );
  });

  it.each([
    ['STRIPE_SECRET_KEY', 'pk_test_abc123'],
    ['STRIPE_WEBHOOK_SECRET', 'secret'],
    ['STRIPE_CONNECT_WEBHOOK_SECRET', 'secret'],
    ['STRIPE_PLATFORM_FEE_PERCENT', '51'],
    ['STRIPE_PLATFORM_FEE_PERCENT', '-1'],
    ['STRIPE_PLATFORM_FEE_PERCENT', '2.555'],
    ['STRIPE_API_BASE_URL', 'ftp://stripe.local'],
  ])('refuses a wrong %s (%s) and names it', (name, value) => {
    expect(errorOf({ ...stripeKeys, [name]: value })).toMatch(new RegExp(`${name}:`));
  });

  it('points the SDK at STRIPE_API_BASE_URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ...stripeKeys,
      STRIPE_API_BASE_URL: 'http://127.0.0.1:4242',
    });
    expect(config.payments.stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 4242,
      protocol: 'http',
    });
    const https = loadConfig({
      DATA_DIR: dataDir(),
      ...stripeKeys,
      STRIPE_API_BASE_URL: 'https://stripe-proxy.example',
    });
    expect(https.payments.stripe?.api).toEqual({
      host: 'stripe-proxy.example',
      port: 443,
      protocol: 'https',
    });
  });

  it.each(['https://floorfill.example', 'http://localhost:8080', 'http://127.0.0.1:3000'])(
    'refuses demo payments in production on %s unless DEMO_PAYMENTS=true says so',
    (publicUrl) => {
      expect(errorOf({ ...production, PUBLIC_URL: publicUrl })).toMatch(
        /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required in production, or DEMO_PAYMENTS=true/,
      );
      const config = loadConfig({
        DATA_DIR: dataDir(),
        ...production,
        PUBLIC_URL: publicUrl,
        DEMO_PAYMENTS: 'true',
      });
      expect(config.payments.mode).toBe('demo');
    },
  );

  it('accepts production on a public address with Stripe keys', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ...production,
      ...stripeKeys,
      PUBLIC_URL: 'https://floorfill.example',
    });
    expect(config.payments.mode).toBe('stripe');
  });
});
