import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Every answer carries the security headers (helmet's, built once for the
 * app): an API answer, an error and a path nobody serves alike, and two
 * requests get the same headers.
 */
describe('security headers', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  const securityHeaders = (headers: Record<string, unknown>) => ({
    csp: headers['content-security-policy'],
    frame: headers['x-frame-options'],
    sniff: headers['x-content-type-options'],
    referrer: headers['referrer-policy'],
    opener: headers['cross-origin-opener-policy'],
    resource: headers['cross-origin-resource-policy'],
    hsts: headers['strict-transport-security'],
    embedder: headers['cross-origin-embedder-policy'],
    poweredBy: headers['x-powered-by'],
  });

  it('are on an answer, an error and an unknown path, the same each time', async () => {
    const answer = await get(t, '/api/v1/get-host-dashboard-data', host.headers);
    const refused = await get(t, '/api/v1/get-host-dashboard-data');
    const unknown = await get(t, '/api/v1/no-such-route');
    expect([answer.statusCode, refused.statusCode, unknown.statusCode]).toEqual([200, 401, 404]);

    const first = securityHeaders(answer.headers);
    expect(first).toMatchObject({
      frame: 'SAMEORIGIN',
      sniff: 'nosniff',
      referrer: 'no-referrer',
      opener: 'same-origin',
      resource: 'same-origin',
      embedder: undefined,
      poweredBy: undefined,
    });
    expect(first.hsts).toMatch(/^max-age=\d+/);
    const csp = String(first.csp);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(securityHeaders(refused.headers)).toEqual(first);
    expect(securityHeaders(unknown.headers)).toEqual(first);
    expect(
      securityHeaders((await get(t, '/api/v1/get-host-dashboard-data', host.headers)).headers),
    ).toEqual(first);
  });
});
