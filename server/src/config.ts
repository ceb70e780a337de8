import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ARTWORK_HOSTS, type CatalogProviderName, stripeKeyMode } from '@floorfill/shared';
import webpush from 'web-push';
import type { z } from 'zod';
import { envSchema } from './config/env-schema.ts';
import { trustProxyFrom, type TrustProxy } from './config/trust-proxy.ts';

/**
 * The only module that reads process.env. Every setting is parsed here (the
 * variables and their ranges: config/env-schema.ts); a wrong value stops
 * start-up with a message naming the variable.
 */

export type { TrustProxy } from './config/trust-proxy.ts';

export type RawEnv = Record<string, string | undefined>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  encryptionKey: Buffer;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  logFormat: 'pretty' | 'json';
  runWorker: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: TrustProxy;
  requestTimeoutMs: number;
  guestRetentionDays: number;
  /** Where song artwork may come from (shared/src/artwork.ts); also the CSP's image hosts. */
  artworkHosts: string[];
  /**
   * Failed tries per 10 minutes (http/budgets.ts): past an account's, a 429
   * for that person; past an address's, a challenge (http/busy-address.ts).
   */
  failureLimits: {
    codesPerAddress: number;
    /** Per 24 hours, on top of codesPerAddress. */
    codesBurstPerAddress: number;
    codesPerAccount: number;
    signInsPerAddress: number;
    signInsPerAccount: number;
    signInsGlobal: number;
  };
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  workerPort: number;
  authRateLimitPerMinute: number;
  /** Per client address and minute; past it and its burst, a challenge. */
  guestLoginRateLimitPerMinute: number;
  /** Per client address and hour, on top of the per-minute rate. */
  guestLoginBurstPerAddress: number;
  /** The busy-address challenge's work: PBKDF2 iterations per try, and the tries. */
  challenge: { cost: number; counter: number };
  /** Per user and minute; 0 means no limit. */
  songRequestRateLimitPerMinute: number;
  /** Per user and minute; 0 means no limit. */
  songSearchRateLimitPerMinute: number;
  pruneIntervalMinutes: number;
  boostSweepSeconds: number;
  overload: OverloadConfig;
  webDistDir: string;
  /** The dev outbox (mail printed and kept for developers) is on exactly when there is no SMTP. */
  devOutbox: boolean;
  catalog: CatalogConfig;
  payments: PaymentsConfig;
  push: PushConfig;
}

/** Web Push (issue 29): the server's VAPID identity, and the push services it sends to. */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Host patterns a subscription's endpoint must match (`*.` for subdomains). */
  serviceHosts: string[];
  /** Plain http to a loopback push service (a local fake); never in production. */
  allowLoopbackHttp: boolean;
}

/** The push services of Chrome, Firefox, Safari and Edge. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/**
 * Tips through Stripe Connect, or demo payments: without Stripe keys a local
 * checkout page completes tips through the same code a Stripe webhook takes.
 */
export interface PaymentsConfig {
  mode: 'stripe' | 'demo';
  stripe: StripeConfig | undefined;
  /** The platform's fee in hundredths of a percent (250 = 2.5 %), so fees are integer maths. */
  platformFeeBasisPoints: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's secret, when one is set up (events on connected accounts). */
  connectWebhookSecret: string | undefined;
  /** The platform's publishable key, when cards are saved with Stripe Elements (sent to browsers). */
  publishableKey: string | undefined;
  /** Host, port and protocol for the SDK when STRIPE_API_BASE_URL is set. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/**
 * When a node sheds requests (503 with Retry-After) because it has more work
 * than it can serve. A threshold of 0 turns its check off.
 */
export interface OverloadConfig {
  /** Mean event-loop delay over the last sample, in milliseconds. */
  maxEventLoopDelayMs: number;
  /** Share of the last sample the event loop was busy (0–1). */
  maxEventLoopUtilization: number;
  /** Queries waiting for a pg pool connection. */
  maxPoolWaiting: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
}

/** Song search: which music service to ask, how long to wait, and its address and keys. */
export interface CatalogConfig {
  provider: CatalogProviderName;
  timeoutMs: number;
  /** Seconds after a failure of the music service during which it is not asked (0: always asked). */
  fallbackSeconds: number;
  itunes: { baseUrl: string };
  soundcloud: { baseUrl: string; clientId: string | undefined };
  spotify: {
    apiBaseUrl: string;
    accountsBaseUrl: string;
    clientId: string | undefined;
    clientSecret: string | undefined;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A secret kept under DATA_DIR for the embedded default, generated on first
 * start so a new user needs no set-up and sessions survive restarts.
 */
function localSecret(dataDir: string, file: string, bytes: number): string {
  const secretPath = path.join(dataDir, file);
  if (existsSync(secretPath)) return readFileSync(secretPath, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString('hex');
  writeFileSync(secretPath, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The embedded default's VAPID key pair, kept under DATA_DIR like its other
 * secrets: generated on first start, so a phone's subscription (made with
 * the public key) keeps working across restarts.
 */
function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const keysPath = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(keysPath)) {
    return JSON.parse(readFileSync(keysPath, 'utf8')) as { publicKey: string; privateKey: string };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(keysPath, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/**
 * Who push services may contact about our pushes: the public https address,
 * else the mail sender's address (Apple refuses a localhost subject).
 */
function vapidSubjectOf(publicUrl: string, mailFrom: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

const hostsFrom = (list: string) => list.split(',').map((host) => host.trim().toLowerCase());

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

function stripeApiAddress(url: string | undefined): StripeConfig['api'] {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  const port = parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443;
  return { host: parsed.hostname, port, protocol };
}

function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
    .join('\n');
}

export function loadConfig(rawEnv: RawEnv = process.env): Config {
  const parsed = envSchema.safeParse(rawEnv);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${formatIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(repoRoot, env.DATA_DIR);

  const stripeKeysMissing = [
    !env.STRIPE_SECRET_KEY &&
      env.STRIPE_WEBHOOK_SECRET &&
      'STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET (set both for Stripe payments, neither for demo payments)',
    env.STRIPE_SECRET_KEY &&
      !env.STRIPE_WEBHOOK_SECRET &&
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (set both for Stripe payments, neither for demo payments)',
    env.STRIPE_PUBLISHABLE_KEY &&
      !env.STRIPE_SECRET_KEY &&
      'STRIPE_PUBLISHABLE_KEY: only with STRIPE_SECRET_KEY (demo payments take no Stripe keys)',
    env.STRIPE_PUBLISHABLE_KEY &&
      env.STRIPE_SECRET_KEY &&
      stripeKeyMode(env.STRIPE_PUBLISHABLE_KEY) !== stripeKeyMode(env.STRIPE_SECRET_KEY) &&
      'STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY',
  ].filter(Boolean);
  if (stripeKeysMissing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${stripeKeysMissing.join('\n  ')}`);
  }
  const demoPayments = !env.STRIPE_SECRET_KEY;

  if (isProduction) {
    const missing = [
      !env.JWT_SECRET && 'JWT_SECRET: required in production (at least 32 characters)',
      !env.ENCRYPTION_KEY && 'ENCRYPTION_KEY: required in production (64 hex characters)',
      !env.PUBLIC_URL && 'PUBLIC_URL: required in production (the address users open)',
      !env.SMTP_URL && 'SMTP_URL: required in production (the dev outbox is never served there)',
      (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) &&
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: required in production (npx web-push generate-vapid-keys)',
      demoPayments &&
        env.DEMO_PAYMENTS !== 'true' &&
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required in production, or DEMO_PAYMENTS=true to run demo payments on purpose (they complete tips without any money moving)',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`Unsafe production configuration:\n  ${missing.join('\n  ')}`);
    }
  }

  const missingCatalogKeys = [
    env.CATALOG_PROVIDER === 'soundcloud' &&
      !env.SOUNDCLOUD_CLIENT_ID &&
      'SOUNDCLOUD_CLIENT_ID: required when CATALOG_PROVIDER=soundcloud',
    env.CATALOG_PROVIDER === 'spotify' &&
      !env.SPOTIFY_CLIENT_ID &&
      'SPOTIFY_CLIENT_ID: required when CATALOG_PROVIDER=spotify',
    env.CATALOG_PROVIDER === 'spotify' &&
      !env.SPOTIFY_CLIENT_SECRET &&
      'SPOTIFY_CLIENT_SECRET: required when CATALOG_PROVIDER=spotify',
  ].filter(Boolean);
  if (missingCatalogKeys.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${missingCatalogKeys.join('\n  ')}`);
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET ?? localSecret(dataDir, 'jwt-secret', 48),
    encryptionKey: Buffer.from(
      env.ENCRYPTION_KEY ?? localSecret(dataDir, 'encryption-key', 32),
      'hex',
    ),
    logLevel: env.LOG_LEVEL,
    // People read development logs; machines read the rest.
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    runWorker: env.RUN_WORKER === 'true',
    trustProxy: trustProxyFrom(env.TRUST_PROXY) ?? false,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    guestRetentionDays: env.GUEST_RETENTION_DAYS,
    artworkHosts: env.ARTWORK_HOSTS ? hostsFrom(env.ARTWORK_HOSTS) : [...DEFAULT_ARTWORK_HOSTS],
    failureLimits: {
      codesPerAddress: env.CODE_FAILURES_PER_ADDRESS,
      codesBurstPerAddress: env.CODE_FAILURES_BURST_PER_ADDRESS,
      codesPerAccount: env.CODE_FAILURES_PER_ACCOUNT,
      signInsPerAddress: env.SIGN_IN_FAILURES_PER_ADDRESS,
      signInsPerAccount: env.SIGN_IN_FAILURES_PER_ACCOUNT,
      signInsGlobal: env.SIGN_IN_FAILURES_GLOBAL,
    },
    metricsToken: env.METRICS_TOKEN,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    workerPort: env.WORKER_PORT,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    guestLoginRateLimitPerMinute: env.GUEST_LOGIN_RATE_LIMIT_PER_MINUTE,
    guestLoginBurstPerAddress: env.GUEST_LOGIN_BURST_PER_ADDRESS,
    challenge: { cost: env.CHALLENGE_COST, counter: env.CHALLENGE_COUNTER },
    songRequestRateLimitPerMinute: env.SONG_REQUEST_RATE_LIMIT_PER_MINUTE,
    songSearchRateLimitPerMinute: env.SONG_SEARCH_RATE_LIMIT_PER_MINUTE,
    pruneIntervalMinutes: env.PRUNE_INTERVAL_MINUTES,
    boostSweepSeconds: env.BOOST_SWEEP_SECONDS,
    // Tests drive the app in process (app.inject): its event loop never waits
    // for a network between requests, so it would always look saturated.
    // Tests of shedding set these themselves. Utilization is off by default:
    // a node serving at full speed is busy all the time and still answers in
    // time; only the loop's delay shows that work waits (measured in bench/).
    // The embedded default (PGlite) runs its queries on the event loop, so
    // the loop's delay there measures queries, not overload; and a single
    // laptop has no other node to send anyone to: off unless set.
    overload: {
      maxEventLoopDelayMs:
        env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ??
        (env.NODE_ENV === 'test' || !env.DATABASE_URL ? 0 : 200),
      maxEventLoopUtilization: env.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION ?? 0,
      maxPoolWaiting: env.OVERLOAD_MAX_POOL_WAITING,
      sampleIntervalMs: env.OVERLOAD_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: env.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'web/dist'),
    devOutbox: !env.SMTP_URL,
    catalog: {
      provider: env.CATALOG_PROVIDER,
      timeoutMs: env.CATALOG_TIMEOUT_MS,
      fallbackSeconds: env.CATALOG_FALLBACK_SECONDS,
      itunes: { baseUrl: withoutTrailingSlash(env.ITUNES_BASE_URL) },
      soundcloud: {
        baseUrl: withoutTrailingSlash(env.SOUNDCLOUD_BASE_URL),
        clientId: env.SOUNDCLOUD_CLIENT_ID,
      },
      spotify: {
        apiBaseUrl: withoutTrailingSlash(env.SPOTIFY_API_BASE_URL),
        accountsBaseUrl: withoutTrailingSlash(env.SPOTIFY_ACCOUNTS_BASE_URL),
        clientId: env.SPOTIFY_CLIENT_ID,
        clientSecret: env.SPOTIFY_CLIENT_SECRET,
      },
    },
    payments: {
      mode: demoPayments ? 'demo' : 'stripe',
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY,
              api: stripeApiAddress(env.STRIPE_API_BASE_URL),
            }
          : undefined,
      platformFeeBasisPoints: Math.round(env.STRIPE_PLATFORM_FEE_PERCENT * 100),
    },
    push: {
      vapid: {
        ...(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : localVapidKeys(dataDir)),
        subject: env.VAPID_SUBJECT ?? vapidSubjectOf(publicUrl, env.MAIL_FROM),
      },
      serviceHosts: env.PUSH_SERVICE_HOSTS
        ? hostsFrom(env.PUSH_SERVICE_HOSTS)
        : [...DEFAULT_PUSH_SERVICE_HOSTS],
      allowLoopbackHttp: !isProduction,
    },
  };
}
