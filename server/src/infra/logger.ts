import { pino, type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config.ts';

/**
 * Keys whose values never reach the log, at the top level of a log object
 * or one level down (`{ body: { password } }`): credentials and tokens,
 * one-time codes (`code`, the six boxes `otp1`…`otp6`), card fields, Stripe
 * keys, and settings that embed a password (database, Redis, SMTP URLs).
 */
const SECRET_KEYS = [
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'access_token',
  'refresh_token',
  'token',
  'cookie',
  'otp1',
  'otp2',
  'otp3',
  'otp4',
  'otp5',
  'otp6',
  'stripe_secret_key',
  'stripe_card_number',
  'stripe_cvc',
  'card_number',
  'cvc',
  'secretKey',
  'webhookSecret',
  'jwtSecret',
  'encryptionKey',
  'metricsToken',
  'databaseUrl',
  'redisUrl',
  'smtpUrl',
];

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  // A one-time `code`, but not `err.code` (ECONNREFUSED, SQLSTATE), which the log needs.
  'code',
  ...['body', 'payload', 'data', 'query', 'params', 'input'].map((parent) => `${parent}.code`),
];

/**
 * Development logs read by a person: one line per event with the time, level,
 * message and the fields that matter (request id, method, url, status), no
 * pid or hostname. Synchronous, so a line is out before a crash ends the process.
 */
function prettyStream(destination?: DestinationStream): DestinationStream {
  return pinoPretty({
    destination: destination ?? 1,
    sync: true,
    singleLine: true,
    colorize: destination === undefined && process.stdout.isTTY,
    translateTime: 'HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}

/**
 * One pino logger per process; Fastify, jobs and sockets log through children
 * of it. Secrets are redacted before either format writes a line.
 * `destination` is for tests that read what would be written.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (config.logFormat === 'pretty') return pino(options, prettyStream(destination));
  return destination ? pino(options, destination) : pino(options);
}
