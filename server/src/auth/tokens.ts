import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Config } from '../config.ts';

/** How long a session lasts: a month when the user ticks "Remember me", a day otherwise. */
export const SESSION_TTL_SECONDS = { remembered: 30 * 24 * 3600, standard: 24 * 3600 } as const;

export interface SessionClaims {
  /** The token's jti: the id of its row in `sessions`. */
  sessionId: string;
  userId: number;
}

export interface SessionTokens {
  sign(claims: SessionClaims, expiresAt: Date): Promise<string>;
  /** The claims of a token with our signature, an accepted issuer and time left; null otherwise. */
  verify(token: string): SessionClaims | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_ID = /^[1-9]\d{0,9}$/;

/**
 * HS256 session tokens. Spec §9: a token counts only when its issuer is the
 * API's login or signup endpoint; we issue from login and accept both.
 *
 * Checked synchronously with Node's HMAC (fast-jwt): every request of a
 * caller the node has not seen yet verifies one, and WebCrypto's
 * asynchronous job queue cost a join more than the rest of its work.
 * Only HS256 is accepted, never `none` or another algorithm.
 */
export function createSessionTokens(
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>,
): SessionTokens {
  const key = Buffer.from(config.jwtSecret, 'utf8');
  const issuer = `${config.publicUrl}/api/auth/login`;
  const signer = createSigner({ key, algorithm: 'HS256', iss: issuer });
  const verifier = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: [issuer, `${config.publicUrl}/api/auth/signup`],
    requiredClaims: ['sub', 'jti', 'exp'],
  });

  return {
    async sign({ sessionId, userId }, expiresAt) {
      return signer({
        sub: String(userId),
        jti: sessionId,
        exp: Math.floor(expiresAt.getTime() / 1000),
      });
    },

    verify(token) {
      let payload: unknown;
      try {
        payload = verifier(token);
      } catch (error) {
        if (error instanceof TokenError) return null;
        throw error;
      }
      if (typeof payload !== 'object' || payload === null) return null;
      const { jti, sub } = payload as { jti?: unknown; sub?: unknown };
      // The database would reject a malformed uuid with an error, not a miss.
      if (typeof jti !== 'string' || !UUID.test(jti)) return null;
      if (typeof sub !== 'string' || !USER_ID.test(sub)) return null;
      return { sessionId: jti, userId: Number(sub) };
    },
  };
}
