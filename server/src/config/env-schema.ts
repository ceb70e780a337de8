import { CATALOG_PROVIDERS } from '@floorfill/shared';
import { z } from 'zod';
import { trustProxyFrom } from './trust-proxy.ts';

/**
 * Every environment variable the server reads, with its type, range and
 * default. `loadConfig` (config.ts) parses the environment with this and
 * shapes the result.
 */

/** The one rule every variable shares: an empty value (`PORT=`) counts as unset. */
function emptyAsUnset(value: unknown): unknown {
  return value === '' ? undefined : value;
}

/** The variables' schemas, each behind the rule that an empty value is an unset one. */
function envObject<Shape extends Record<string, z.ZodType>>(shape: Shape) {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => [name, z.preprocess(emptyAsUnset, schema)]),
  );
  return z.object(
    fields as { [Name in keyof Shape]: z.ZodPipe<z.ZodTransform<unknown, unknown>, Shape[Name]> },
  );
}

/** A whole number from `min` to `max` (no upper bound when `max` is left out). */
function wholeNumber(min: number, max?: number) {
  const number = z.coerce.number().int().min(min);
  return max === undefined ? number : number.max(max);
}

const optionalString = z.string().optional();
/** Host names separated by commas, each exact or `*.` for its subdomains. */
const hostList = z
  .string()
  .regex(
    /^(\*\.)?[a-z0-9.-]+(,\s*(\*\.)?[a-z0-9.-]+)*$/i,
    'must be host names separated by commas',
  );
const optionalUrl = (protocols: string[]) =>
  z
    .url({ message: `must be a URL (${protocols.join(', ')})` })
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    })
    .optional();
/** The address of a third-party HTTP service; tests point it at a local fake. */
const serviceUrl = (fallback: string) =>
  z
    .url({ message: 'must be a URL (http, https)' })
    .refine((value) => /^https?:/.test(value), { message: 'must start with http:// or https://' })
    .default(fallback);

export const envSchema = envObject({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: wholeNumber(1, 200).default(10),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /** A key prefix for Redis (queues, rate limits, adapter) so several deployments or test runs can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:-]+$/)
    .default('ff'),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Floorfill <no-reply@floorfill.local>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per event; `json`: one JSON object per line, for log shippers. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Run the job worker inside this process (default) or leave jobs to `npm run worker`. */
  RUN_WORKER: z.enum(['true', 'false']).default('true'),
  /**
   * Which X-Forwarded-* to believe: `false` (nothing in front), a hop count
   * (`1` behind the bundled nginx), or the proxies' addresses/CIDRs, comma
   * separated. `true` means one hop (see trustProxyFrom).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => trustProxyFrom(value) !== undefined, {
      message:
        'must be false, a hop count (1 behind one proxy), or proxy addresses/CIDRs separated by commas',
    }),
  /** The longest a client may take to send a whole request, headers and body (a slow sender holds a connection). */
  REQUEST_TIMEOUT_MS: wholeNumber(1000, 600_000).default(60_000),
  /**
   * Wrong event codes one address may try per 24 hours on top of its sustained
   * 10-minute budget (a venue's door rush); past both, every code try from it
   * must carry a solved challenge (http/busy-address.ts).
   */
  CODE_FAILURES_BURST_PER_ADDRESS: wholeNumber(0, 1_000_000).default(300),
  /** Guest logins one address may make per hour on top of its per-minute rate, before a challenge. */
  GUEST_LOGIN_BURST_PER_ADDRESS: wholeNumber(0, 1_000_000).default(1000),
  /** PBKDF2 iterations per try of a busy-address challenge (altcha's cost). */
  CHALLENGE_COST: wholeNumber(1, 1_000_000).default(1000),
  /**
   * The tries a busy-address challenge takes at its lowest: the solver runs
   * N/2 to N of them (×2 per step of escalation). With CHALLENGE_COST, about
   * a second of a mid-range phone (docs/performance.md).
   */
  CHALLENGE_COUNTER: wholeNumber(1, 100_000_000).default(1600),
  /** Wrong event codes (join, QR image) one address may try per 10 minutes. */
  CODE_FAILURES_PER_ADDRESS: wholeNumber(1, 100_000).default(20),
  /** Wrong event codes one account may try per 10 minutes. */
  CODE_FAILURES_PER_ACCOUNT: wholeNumber(1, 100_000).default(10),
  /** Failed sign-ins one address may make per 10 minutes, whatever the emails. */
  SIGN_IN_FAILURES_PER_ADDRESS: wholeNumber(1, 100_000).default(50),
  /** Hosts song artwork may come from (comma separated, `*.` for subdomains); others are dropped. */
  ARTWORK_HOSTS: hostList.optional(),
  /**
   * Web Push: the server's VAPID key pair, base64url as `npx web-push
   * generate-vapid-keys` prints it. Required in production; outside it a
   * pair is generated into DATA_DIR on first start.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: address (default PUBLIC_URL). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
    .optional(),
  /** Push services a subscription may point at (comma separated, `*.` for subdomains); others are refused. */
  PUSH_SERVICE_HOSTS: hostList.optional(),
  /** Guest accounts unused this many days are deleted by the maintenance job. */
  GUEST_RETENTION_DAYS: wholeNumber(1, 3650).default(30),
  /**
   * Failed sign-ins one account may take from browsers it has not seen sign
   * in before each pause of its back-off (services.ts ACCOUNT_PAUSES).
   */
  SIGN_IN_FAILURES_PER_ACCOUNT: wholeNumber(1, 100_000).default(10),
  /**
   * Failed sign-ins from browsers an account has not seen, all addresses and
   * accounts together, per 10 minutes (per deployment with Redis): past it
   * only known browsers sign in until the window ends.
   */
  SIGN_IN_FAILURES_GLOBAL: wholeNumber(1, 10_000_000).default(5000),
  /** Demo payments in production only when this says so (they complete tips with no money moving). */
  DEMO_PAYMENTS: z.enum(['true', 'false']).optional(),
  /** Bearer token for GET /metrics; without it only direct requests from loopback or private addresses are answered. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How long a SIGTERM may take to finish requests and jobs before the process exits anyway (code 1). */
  SHUTDOWN_TIMEOUT_MS: wholeNumber(100, 600_000).default(15_000),
  /** Where `npm run worker` answers /healthz, /readyz and /metrics (on HOST). */
  WORKER_PORT: wholeNumber(0, 65535).default(3001),
  /** Rate limits can be loosened for load tests; never below the defaults in production. */
  AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber(1).default(20),
  /**
   * Guest logins per client address and minute. Higher than the sign-in limit:
   * a room of attendees behind one venue address scans the QR code at once.
   */
  GUEST_LOGIN_RATE_LIMIT_PER_MINUTE: wholeNumber(1).default(120),
  /** Song requests per user and minute; 0 turns the limit off (load tests only). */
  SONG_REQUEST_RATE_LIMIT_PER_MINUTE: wholeNumber(0).default(30),
  /** Song searches per user and minute; 0 turns the limit off (load tests only). */
  SONG_SEARCH_RATE_LIMIT_PER_MINUTE: wholeNumber(0).default(120),
  /**
   * Overload shedding: past these a node answers 503 with Retry-After at once
   * rather than late. 0 turns a check off. The event-loop checks are off by
   * default under NODE_ENV=test (see loadConfig).
   */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: wholeNumber(0, 60_000).optional(),
  /** The share of the last sample the event loop was busy, 0–1. */
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).optional(),
  /** Queries waiting for a pg pool connection (Postgres only). */
  OVERLOAD_MAX_POOL_WAITING: wholeNumber(0).default(50),
  /** How often the event loop is measured: how fast shedding starts and stops. */
  OVERLOAD_SAMPLE_INTERVAL_MS: wholeNumber(10, 60_000).default(1000),
  OVERLOAD_RETRY_AFTER_SECONDS: wholeNumber(1, 3600).default(2),
  /** How often the worker deletes expired sessions and codes. */
  PRUNE_INTERVAL_MINUTES: wholeNumber(1, 7 * 24 * 60).default(60),
  /** How often open boosts are looked at (charged once played, released otherwise). */
  BOOST_SWEEP_SECONDS: wholeNumber(1, 3600).default(15),
  WEB_DIST_DIR: optionalString,
  /**
   * Where song search looks first: iTunes (no key, artwork included) unless set.
   * The built-in catalog answers when the service is slow, failing or out of reach.
   */
  CATALOG_PROVIDER: z.enum(CATALOG_PROVIDERS).default('itunes'),
  CATALOG_TIMEOUT_MS: wholeNumber(1, 60_000).default(1500),
  /** After the service failed once, how long searches go straight to the built-in catalog. */
  CATALOG_FALLBACK_SECONDS: wholeNumber(0, 3600).default(60),
  ITUNES_BASE_URL: serviceUrl('https://itunes.apple.com'),
  SOUNDCLOUD_CLIENT_ID: optionalString,
  SOUNDCLOUD_BASE_URL: serviceUrl('https://api-v2.soundcloud.com'),
  SPOTIFY_CLIENT_ID: optionalString,
  SPOTIFY_CLIENT_SECRET: optionalString,
  SPOTIFY_API_BASE_URL: serviceUrl('https://api.spotify.com'),
  SPOTIFY_ACCOUNTS_BASE_URL: serviceUrl('https://accounts.spotify.com'),
  /** Stripe keys: both set for real payments, neither for demo payments. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^[sr]k_(test|live)_\w+$/, 'must be a Stripe secret (sk_…) or restricted (rk_…) key')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /**
   * The signing secret of a second endpoint at the same URL that listens to
   * events on connected accounts (account.updated comes only there).
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** The platform's share of each tip, in percent (two decimals at most). */
  STRIPE_PLATFORM_FEE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(50)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, {
      message: 'must have at most two decimals',
    })
    .default(0),
  /**
   * The platform's publishable key (pk_…): with it the attendee wallet saves
   * cards through Stripe Elements (a SetupIntent) for tips; the only Stripe
   * key the browser ever sees.
   */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  /** Where the Stripe SDK sends API calls; tests point it at a local fake. */
  STRIPE_API_BASE_URL: optionalUrl(['http', 'https']),
});
