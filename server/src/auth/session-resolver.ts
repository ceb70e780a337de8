import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { createRedis, quitRedis } from '../infra/redis.ts';
import { findActiveSession } from './auth.repository.ts';
import type { RequestSession } from './session.ts';
import { createSessionTokens } from './tokens.ts';

/**
 * Resolves session tokens, with a per-node memory of the ones already
 * checked: every request of a signed-in caller carries the same token, and a
 * song request should not pay a signature check and a database read for it.
 *
 * A remembered token stays valid until the earliest of its session's expiry
 * and `SESSION_CACHE_TTL_MS`. Ending a session (logout) or all of a user's
 * sessions (password reset) is forgotten at once on this node and published
 * through Redis to the others, which forget it within a round trip. While a
 * node's Redis subscription is down, it remembers nothing (it could miss a
 * revocation), and it forgets everything when the subscription comes back.
 * A lookup that started before a revocation arrived is not remembered, so a
 * read racing a logout cannot bring the session back.
 */

/** The longest a node trusts a token without asking the database again. */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Tokens remembered per node; the oldest go first. */
const SESSION_CACHE_MAX = 50_000;

const revocation = z.union([
  z.object({ sessionId: z.string().min(1) }),
  z.object({ userId: z.number().int().positive() }),
]);
type Revocation = z.infer<typeof revocation>;

interface Remembered {
  session: RequestSession;
  until: number;
}

export interface SessionResolver {
  /** The session a token stands for, or null: bad signature, revoked, expired or no such user. */
  resolve(token: string | undefined): Promise<RequestSession | null>;
  /** Forget one ended session on every node (call after the revocation committed). */
  forgetSession(sessionId: string): void;
  /** Forget every session of a user on every node (call after the revocations committed). */
  forgetUser(userId: number): void;
  close(): Promise<void>;
}

export function createSessionResolver(options: {
  db: DbOrTrx;
  config: Pick<Config, 'jwtSecret' | 'publicUrl' | 'redisUrl' | 'redisPrefix'>;
  logger: FastifyBaseLogger;
  now?: () => number;
}): SessionResolver {
  const { db, config, logger } = options;
  const now = options.now ?? Date.now;
  const tokens = createSessionTokens(config);
  const byToken = new Map<string, Remembered>();
  const channel = `${config.redisPrefix}:sessions:revoked`;
  // Bumped by every revocation heard: a lookup that saw it change keeps no memory.
  let epoch = 0;
  let remembering = config.redisUrl === undefined;

  function forget(what: Revocation): void {
    epoch += 1;
    for (const [token, entry] of byToken) {
      const ended =
        'sessionId' in what
          ? entry.session.sessionId === what.sessionId
          : entry.session.userId === what.userId;
      if (ended) byToken.delete(token);
    }
  }

  function remember(token: string, session: RequestSession, expiresAt: Date): void {
    if (byToken.size >= SESSION_CACHE_MAX) {
      const oldest = byToken.keys().next().value;
      if (oldest !== undefined) byToken.delete(oldest);
    }
    const until = Math.min(expiresAt.getTime(), now() + SESSION_CACHE_TTL_MS);
    byToken.set(token, { session, until });
  }

  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  if (config.redisUrl) {
    publisher = createRedis(config.redisUrl, logger, 'sessions-pub');
    subscriber = createRedis(config.redisUrl, logger, 'sessions-sub');
    const listening = subscriber;
    // Remember only once subscribed: a revocation published before that would be missed.
    listening.on('ready', () => {
      listening
        .subscribe(channel)
        .then(() => {
          // Whatever was revoked while unsubscribed is unknown here: start from nothing.
          byToken.clear();
          epoch += 1;
          remembering = true;
        })
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'session revocation subscription failed');
        });
    });
    listening.on('close', () => {
      remembering = false;
      byToken.clear();
      epoch += 1;
    });
    listening.on('message', (_channel: string, message: string) => {
      try {
        const parsed = revocation.safeParse(JSON.parse(message));
        if (parsed.success) forget(parsed.data);
      } catch {
        logger.warn({ channel }, 'unreadable session revocation ignored');
      }
    });
  }

  function broadcast(what: Revocation): void {
    forget(what);
    publisher?.publish(channel, JSON.stringify(what)).catch((error: unknown) => {
      logger.warn({ err: error }, 'session revocation not published');
    });
  }

  return {
    async resolve(token) {
      if (!token) return null;
      const known = byToken.get(token);
      if (known && known.until > now()) return known.session;
      if (known) byToken.delete(token);

      const startedAt = epoch;
      const claims = tokens.verify(token);
      if (!claims) return null;
      const row = await findActiveSession(db, claims.sessionId, claims.userId);
      if (!row) return null;
      const session: RequestSession = {
        sessionId: row.session_id,
        userId: row.user_id,
        isGuest: row.is_guest,
      };
      if (remembering && epoch === startedAt) remember(token, session, row.expires_at);
      return session;
    },
    forgetSession(sessionId) {
      broadcast({ sessionId });
    },
    forgetUser(userId) {
      broadcast({ userId });
    },
    async close() {
      byToken.clear();
      await Promise.all([publisher, subscriber].map((client) => client && quitRedis(client)));
    },
  };
}
