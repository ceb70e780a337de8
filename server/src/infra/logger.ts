import { pino, type Logger } from 'pino';
import type { Config } from '../config.ts';

/** One pino logger per process; Fastify, jobs and sockets log through children of it. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    // Secrets never reach the log: tokens, cookies, passwords, codes, card data.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password_confirmation',
        '*.access_token',
        '*.code',
        '*.stripe_secret_key',
        '*.stripe_card_number',
        '*.stripe_cvc',
      ],
      censor: '[redacted]',
    },
  });
}
