import { errors, jwtVerify, SignJWT } from 'jose';
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
  verify(token: string): Promise<SessionClaims | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_ID = /^[1-9]\d{0,9}$/;

/**
 * HS256 session tokens. Spec §9: a token counts only when its issuer is the
 * API's login or signup endpoint; we issue from login and accept both.
 */
export function createSessionTokens(
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>,
): SessionTokens {
  const key = new TextEncoder().encode(config.jwtSecret);
  const issuer = `${config.publicUrl}/api/auth/login`;
  const acceptedIssuers = [issuer, `${config.publicUrl}/api/auth/signup`];

  return {
    sign({ sessionId, userId }, expiresAt) {
      return new SignJWT()
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(String(userId))
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: acceptedIssuers,
          requiredClaims: ['sub', 'jti', 'exp'],
        });
        // The database would reject a malformed uuid with an error, not a miss.
        if (!payload.jti || !UUID.test(payload.jti) || !payload.sub || !USER_ID.test(payload.sub)) {
          return null;
        }
        return { sessionId: payload.jti, userId: Number(payload.sub) };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
