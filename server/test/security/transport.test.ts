import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_TAKES_NO_FILES } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { trustProxyFrom } from '../../src/config/trust-proxy.ts';
import { multipartForm, pngFile, pngImage, postForm } from '../helpers/event-factories.ts';
import { listenOnLoopback } from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Who the client is behind a proxy, what a body may carry, and how long it may take. */

describe('TRUST_PROXY', () => {
  it('takes false, a hop count or proxy addresses; `true` is one hop, never "believe every hop"', () => {
    expect(trustProxyFrom('false')).toBe(false);
    expect(trustProxyFrom('true')).toBe(1);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('10.0.0.1, 10.0.0.0/8,::1')).toEqual(['10.0.0.1', '10.0.0.0/8', '::1']);
    for (const wrong of ['0', '11', 'yes', 'nginx', '10.0.0.1;rm']) {
      expect(trustProxyFrom(wrong), wrong).toBeUndefined();
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'floorfill-proxy-'));
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY/);
  });

  for (const setting of ['1', 'true']) {
    it(`with TRUST_PROXY=${setting} limits by the address the proxy saw, not one the client wrote`, async () => {
      const t = await createTestApp({
        TRUST_PROXY: setting,
        GUEST_LOGIN_RATE_LIMIT_PER_MINUTE: '3',
        GUEST_LOGIN_BURST_PER_ADDRESS: '0',
        CHALLENGE_COST: '1',
      });
      try {
        const guestLogin = (forwardedFor: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/login-as-guest',
            headers: { 'x-forwarded-for': forwardedFor },
            payload: {},
          });
        // The client writes a new address each time; nginx appends the one it saw.
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const forged = `198.51.100.${attempt + 1}`;
          statuses.push((await guestLogin(`${forged}, 203.0.113.9`)).statusCode);
        }
        expect(statuses).toEqual([200, 200, 200, 428, 428]);
        // Another client behind the same proxy keeps its own budget.
        expect((await guestLogin('203.0.113.10')).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  }
});

describe('request bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses file parts on a form that takes none, before reading them, naming the field', async () => {
    const file = pngFile(await pngImage(8, 8));
    for (const url of ['/api/auth/login', '/api/v1/join-event', '/api/v1/login-as-guest']) {
      const res = await postForm(
        t,
        url,
        multipartForm({ email: 'a@example.com' }, { payload: file }),
        {},
      );
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toEqual({ payload: [FORM_TAKES_NO_FILES] });
    }
  });

  it('still takes the spec’s multipart form posts without files', async () => {
    const multipart = await postForm(t, '/api/v1/login-as-guest', multipartForm({}), {});
    expect(multipart.statusCode).toBe(200);
    const login = await postForm(
      t,
      '/api/auth/login',
      multipartForm({ email: 'nobody@example.com', password: 'wrong-password-1' }),
      {},
    );
    expect(login.statusCode).toBe(401);
  });

  it('closes a request whose body trickles in past REQUEST_TIMEOUT_MS with 408', async () => {
    const baseUrl = new URL(await listenOnLoopback(t.app));
    const socket = net.connect(Number(baseUrl.port), '127.0.0.1');
    let received = '';
    const answer = new Promise<string>((resolve, reject) => {
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(received));
      // The server closes the connection with the body half read, so a drip byte
      // already on the wire is answered with a reset; the 408 before it still counts.
      socket.on('error', (error) => (received ? resolve(received) : reject(error)));
    });
    const body = JSON.stringify({ email: `slow-${randomBytes(3).toString('hex')}@example.com` });
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 40}\r\n\r\n`,
    );
    // A byte every 200 ms: the body would take over 10 s, the server gives it one.
    let sent = 0;
    const drip = setInterval(() => {
      if (socket.destroyed || received || sent >= body.length) return;
      socket.write(body[sent] ?? ' ');
      sent += 1;
    }, 200);
    try {
      const received = await answer;
      expect(received).toMatch(/^HTTP\/1\.1 408/);
      expect(sent).toBeLessThan(body.length);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });
});
