import { describe, expect, it } from 'vitest';
import {
  CONNECT_REFRESH_TTL_SECONDS,
  createConnectRefreshTokens,
} from '../../src/payments/connect-refresh-token.ts';

const tokens = createConnectRefreshTokens('x'.repeat(48));
const issuedAt = Date.parse('2026-11-21T10:00:00Z');

describe('onboarding refresh tokens', () => {
  it('name their host until they expire', () => {
    const token = tokens.issue(42, issuedAt);
    expect(tokens.verify(token, issuedAt)).toBe(42);
    expect(tokens.verify(token, issuedAt + (CONNECT_REFRESH_TTL_SECONDS - 1) * 1000)).toBe(42);
    expect(tokens.verify(token, issuedAt + (CONNECT_REFRESH_TTL_SECONDS + 1) * 1000)).toBeNull();
  });

  it('refuse another secret, another host, a longer life, and junk', () => {
    const token = tokens.issue(42, issuedAt);
    const [user, expires, signature] = token.split('.') as [string, string, string];
    const other = createConnectRefreshTokens('y'.repeat(48));
    expect(other.verify(token, issuedAt)).toBeNull();
    expect(tokens.verify(`43.${expires}.${signature}`, issuedAt)).toBeNull();
    expect(tokens.verify(`${user}.${Number(expires) + 3600}.${signature}`, issuedAt)).toBeNull();
    for (const junk of ['', '42', '42.1.abc', `${token}x`]) {
      expect(tokens.verify(junk, issuedAt)).toBeNull();
    }
  });
});
