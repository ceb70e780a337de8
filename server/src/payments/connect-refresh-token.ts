import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Stripe sends a host whose onboarding link expired to our refresh URL. That
 * request comes from Stripe's site, so the SameSite=Strict session cookie is
 * not sent with it; the URL carries instead a token naming the host, signed
 * with a key derived from JWT_SECRET and good for an hour (onboarding left
 * longer starts again from CONNECT). It only ever leads to a fresh onboarding
 * link for that host's own connected account.
 */

export const CONNECT_REFRESH_TTL_SECONDS = 60 * 60;

export interface ConnectRefreshTokens {
  issue(userId: number, now?: number): string;
  /** The user id, or null when the token is forged, malformed or expired. */
  verify(token: string, now?: number): number | null;
}

export function createConnectRefreshTokens(secret: string): ConnectRefreshTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, 'floorfill', 'stripe-connect-refresh', 32));
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    issue(userId, now = Date.now()) {
      const expires = Math.floor(now / 1000) + CONNECT_REFRESH_TTL_SECONDS;
      const payload = `${userId}.${expires}`;
      return `${payload}.${sign(payload)}`;
    },
    verify(token, now = Date.now()) {
      const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const [, userText = '', expiresText = '', signature = ''] = match;
      const expected = Buffer.from(sign(`${userText}.${expiresText}`));
      const actual = Buffer.from(signature);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
      if (Number(expiresText) * 1000 < now) return null;
      const userId = Number(userText);
      return userId > 0 ? userId : null;
    },
  };
}
