import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import {
  CATALOG_PROVIDERS,
  DEFAULT_ARTWORK_HOSTS,
  type CatalogProviderName,
  stripeKeyMode,
} from '@floorfill/shared';
import { z } from 'zod';

/**
 * The only module that reads process.env. Every setting is parsed here; a
 * wrong value stops start-up with a message naming the variable.
 */

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .url({ message: `must be a URL (${protocols.join(', ')})` })
      .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
        message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
      })
      .optional(),
  );
/** The address of a third-party HTTP service; tests point it at a local fake. */
const serviceUrl = (fallback: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .url({ message: 'must be a URL (http, https)' })
      .refine((value) => /^https?:/.test(value), { message: 'must start with http:// or https://' })
      .default(fallback),
  );

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(200).default(10),
  ),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /** A key prefix for Redis (queues, rate limits, adapter) so several deployments or test runs can share one Redis. */
  REDIS_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w:-]+$/)
      .default('ff'),
  ),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z.string().min(3).default('Floorfill <no-reply@floorfill.local>'),
  ),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ENCRYPTION_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** `pretty`: one readable line per event; `json`: one JSON object per line, for log shippers. */
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['pretty', 'json']).optional()),
  /** Run the job worker inside this process (default) or leave jobs to `npm run worker`. */
  RUN_WORKER: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')),
  /**
   * Which X-Forwarded-* to believe: `false` (nothing in front), a hop count
   * (`1` behind the bundled nginx), or the proxies' addresses/CIDRs, comma
   * separated. `true` means one hop (see trustProxyFrom).
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('false')
      .refine((value) => trustProxyFrom(value) !== undefined, {
        message:
          'must be false, a hop count (1 behind one proxy), or proxy addresses/CIDRs separated by commas',
      }),
  ),
  /** The longest a client may take to send a whole request, headers and body (a slow sender holds a connection). */
  REQUEST_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1000).max(600_000).default(60_000),
  ),
  /**
   * Wrong event codes one address may try per 24 hours on top of its sustained
   * 10-minute budget (a venue's door rush); past both, every code try from it
   * must carry a solved challenge (http/busy-address.ts).
   */
  CODE_FAILURES_BURST_PER_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(1_000_000).default(300),
  ),
  /** Guest logins one address may make per hour on top of its per-minute rate, before a challenge. */
  GUEST_LOGIN_BURST_PER_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(1_000_000).default(1000),
  ),
  /** PBKDF2 iterations per try of a busy-address challenge (altcha's cost). */
  CHALLENGE_COST: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(1000),
  ),
  /**
   * The tries a busy-address challenge takes at its lowest: the solver runs
   * N/2 to N of them (×2 per step of escalation). With CHALLENGE_COST, about
   * a second of a mid-range phone (docs/performance.md).
   */
  CHALLENGE_COUNTER: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100_000_000).default(1600),
  ),
  /** Wrong event codes (join, QR image) one address may try per 10 minutes. */
  CODE_FAILURES_PER_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100_000).default(30),
  ),
  /** Wrong event codes one account may try per 10 minutes. */
  CODE_FAILURES_PER_ACCOUNT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100_000).default(10),
  ),
  /** Failed sign-ins one address may make per 10 minutes, whatever the emails. */
  SIGN_IN_FAILURES_PER_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100_000).default(50),
  ),
  /** Hosts song artwork may come from (comma separated, `*.` for subdomains); others are dropped. */
  ARTWORK_HOSTS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(\*\.)?[a-z0-9.-]+(,\s*(\*\.)?[a-z0-9.-]+)*$/i,
        'must be host names separated by commas',
      )
      .optional(),
  ),
  /** Guest accounts unused this many days are deleted by the maintenance job. */
  GUEST_RETENTION_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(3650).default(30),
  ),
  /**
   * Failed sign-ins one account may take from browsers it has not seen sign
   * in before each pause of its back-off (services.ts ACCOUNT_PAUSES).
   */
  SIGN_IN_FAILURES_PER_ACCOUNT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100_000).default(10),
  ),
  /**
   * Failed sign-ins from browsers an account has not seen, all addresses and
   * accounts together, per 10 minutes (per deployment with Redis): past it
   * only known browsers sign in until the window ends.
   */
  SIGN_IN_FAILURES_GLOBAL: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10_000_000).default(5000),
  ),
  /** Demo payments in production only when this says so (they complete tips with no money moving). */
  DEMO_PAYMENTS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  /** Bearer token for GET /metrics; without it only direct requests from loopback or private addresses are answered. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  /** How long a SIGTERM may take to finish requests and jobs before the process exits anyway (code 1). */
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(600_000).default(15_000),
  ),
  /** Where `npm run worker` answers /healthz, /readyz and /metrics (on HOST). */
  WORKER_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(65535).default(3001),
  ),
  /** Rate limits can be loosened for load tests; never below the defaults in production. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).default(20),
  ),
  /**
   * Guest logins per client address and minute. Higher than the sign-in limit:
   * a room of attendees behind one venue address scans the QR code at once.
   */
  GUEST_LOGIN_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).default(120),
  ),
  /** Song requests per user and minute; 0 turns the limit off (load tests only). */
  SONG_REQUEST_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(30),
  ),
  /** Song searches per user and minute; 0 turns the limit off (load tests only). */
  SONG_SEARCH_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(120),
  ),
  /**
   * Overload shedding: past these a node answers 503 with Retry-After at once
   * rather than late. 0 turns a check off. The event-loop checks are off by
   * default under NODE_ENV=test (see loadConfig).
   */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(60_000).optional(),
  ),
  /** The share of the last sample the event loop was busy, 0–1. */
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().min(0).max(1).optional(),
  ),
  /** Queries waiting for a pg pool connection (Postgres only). */
  OVERLOAD_MAX_POOL_WAITING: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(50),
  ),
  /** How often the event loop is measured: how fast shedding starts and stops. */
  OVERLOAD_SAMPLE_INTERVAL_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(10).max(60_000).default(1000),
  ),
  OVERLOAD_RETRY_AFTER_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(3600).default(2),
  ),
  /** How often the worker deletes expired sessions and codes. */
  PRUNE_INTERVAL_MINUTES: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
  ),
  WEB_DIST_DIR: optionalString,
  /**
   * Where song search looks first: iTunes (no key, artwork included) unless set.
   * The built-in catalog answers when the service is slow, failing or out of reach.
   */
  CATALOG_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(CATALOG_PROVIDERS).default('itunes')),
  CATALOG_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(60_000).default(1500),
  ),
  /** After the service failed once, how long searches go straight to the built-in catalog. */
  CATALOG_FALLBACK_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(3600).default(60),
  ),
  ITUNES_BASE_URL: serviceUrl('https://itunes.apple.com'),
  SOUNDCLOUD_CLIENT_ID: optionalString,
  SOUNDCLOUD_BASE_URL: serviceUrl('https://api-v2.soundcloud.com'),
  SPOTIFY_CLIENT_ID: optionalString,
  SPOTIFY_CLIENT_SECRET: optionalString,
  SPOTIFY_API_BASE_URL: serviceUrl('https://api.spotify.com'),
  SPOTIFY_ACCOUNTS_BASE_URL: serviceUrl('https://accounts.spotify.com'),
  /** Stripe keys: both set for real payments, neither for demo payments. */
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[sr]k_(test|live)_\w+$/, 'must be a Stripe secret (sk_…) or restricted (rk_…) key')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  /**
   * The signing secret of a second endpoint at the same URL that listens to
   * events on connected accounts (account.updated comes only there).
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  /** The platform's share of each tip, in percent (two decimals at most). */
  STRIPE_PLATFORM_FEE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .min(0)
      .max(50)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, {
        message: 'must have at most two decimals',
      })
      .default(0),
  ),
  /**
   * The platform's publishable key (pk_…): with it the attendee wallet saves
   * cards through Stripe Elements (a SetupIntent) for tips; the only Stripe
   * key the browser ever sees.
   */
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')
      .optional(),
  ),
  /** Where the Stripe SDK sends API calls; tests point it at a local fake. */
  STRIPE_API_BASE_URL: optionalUrl(['http', 'https']),
});

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
  overload: OverloadConfig;
  webDistDir: string;
  /** The dev outbox (mail printed and kept for developers) is on exactly when there is no SMTP. */
  devOutbox: boolean;
  catalog: CatalogConfig;
  payments: PaymentsConfig;
}

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

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export type TrustProxy = false | number | string[];

const PROXY_ADDRESS = /^(?:[\d.]+|[\da-f:]+)(?:\/\d{1,3})?$/i;

/**
 * TRUST_PROXY as Fastify takes it; undefined when it is none of the forms.
 * `true` is one hop, not "every hop": believing every X-Forwarded-For entry
 * lets a client write its own address into the left-most one and so dodge
 * every per-address limit. Behind one proxy (the bundled nginx, which
 * appends the address it saw) the right-most entry is the client.
 */
export function trustProxyFrom(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const addresses = text.split(',').map((item) => item.trim());
  return addresses.length > 0 && addresses.every((item) => PROXY_ADDRESS.test(item))
    ? addresses
    : undefined;
}

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
    artworkHosts: env.ARTWORK_HOSTS
      ? env.ARTWORK_HOSTS.split(',').map((host) => host.trim().toLowerCase())
      : [...DEFAULT_ARTWORK_HOSTS],
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
  };
}
