import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHALLENGE_ACK_CODE } from '@floorfill/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_PASS_COOKIE } from '../../src/events/event-pass.ts';
import { insertEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { connected, connectSocket, listenOnLoopback } from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PAGE =
  '<!doctype html><html><head><title>Floorfill</title></head><body><div id="root"><!--page--><!--/page--></div></body></html>';

/**
 * An event's own link (its QR, its share link: `/e/<code>?k=<key>`) leaves
 * the browser a pass for that code (issue 25): from an address whose code
 * budget is spent, the landing, the join (the app's and the form's) and the
 * big screen take that code with no challenge and spend nothing; a typed
 * code, a wrong key or another event's code meet the guard as before.
 */
describe('the event pass of a scanned QR', () => {
  let t: TestApp;
  let host: SignedIn;
  let distDir: string;
  const BUSY = '10.42.0.1';

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'floorfill-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), PAGE);
    t = await createTestApp({
      WEB_DIST_DIR: distDir,
      CODE_FAILURES_PER_ADDRESS: '2',
      CODE_FAILURES_BURST_PER_ADDRESS: '0',
    });
    host = await signIn(t, { name: 'Pass Host' });
    // A guesser at the venue spends the address's wrong codes.
    for (const code of ['ZZZZZ1', 'ZZZZZ2']) {
      const res = await landing(code);
      expect(res.statusCode).toBe(404);
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  function landing(code: string, cookie?: string) {
    return t.app.inject({
      method: 'GET',
      url: `/api/v1/get-event-landing?code=${code}`,
      remoteAddress: BUSY,
      headers: cookie ? { cookie } : {},
    });
  }

  /** What the browser keeps from a page's answer: its pass cookie, as it sends it back. */
  function passCookieOf(res: LightMyRequestResponse): string | undefined {
    const cookie = res.cookies.find((each) => each.name === EVENT_PASS_COOKIE);
    return cookie ? `${cookie.name}=${cookie.value}` : undefined;
  }

  async function scan(url: string) {
    const res = await t.app.inject({ method: 'GET', url, remoteAddress: BUSY });
    expect(res.statusCode).toBe(200);
    return res;
  }

  it('lets a scanned QR in at a busy address: landing, join, big screen, with no challenge', async () => {
    const event = await insertEvent(t, host.id, { name: 'Scan Night' });
    const key = t.app.services.events.passes.keyOf(event.code);
    expect((await landing(event.code)).statusCode).toBe(428);

    const page = await scan(`/e/${event.code.toLowerCase()}?k=${key}`);
    const pass = passCookieOf(page);
    expect(pass).toBeDefined();
    const setCookie = String(page.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    // The landing's answer inside the page is the event's, though the address is busy.
    expect(page.body).toContain('Scan Night');

    expect((await landing(event.code, pass)).statusCode).toBe(200);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login-as-guest',
      payload: {},
      remoteAddress: BUSY,
    });
    expect(guest.statusCode, guest.body).toBe(200);
    const session = guest.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/v1/join-event',
      payload: { event_code: event.code },
      remoteAddress: BUSY,
      headers: { cookie: `${session}; ${pass}` },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const screen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/get-display?code=${event.code}`,
      remoteAddress: BUSY,
      headers: { cookie: pass ?? '' },
    });
    expect(screen.statusCode, screen.body).toBe(200);

    // The form on the page the server drew joins as well.
    const form = await t.app.inject({
      method: 'POST',
      url: `/e/${event.code}`,
      payload: 'name=Scanner',
      remoteAddress: BUSY,
      headers: {
        cookie: pass ?? '',
        'content-type': 'application/x-www-form-urlencoded',
        origin: t.config.publicUrl,
      },
    });
    expect(form.statusCode, form.body).toBe(303);
    expect(form.headers.location).toBe(`/attendee/event/${event.id}`);
  });

  it('gives no pass for a wrong key, and a pass spares only its own code', async () => {
    const one = await insertEvent(t, host.id);
    const other = await insertEvent(t, host.id);
    const wrong = await scan(`/e/${one.code}?k=${'A'.repeat(16)}`);
    expect(passCookieOf(wrong)).toBeUndefined();
    const typed = await scan(`/e/${one.code}`);
    expect(passCookieOf(typed)).toBeUndefined();

    const pass = passCookieOf(
      await scan(`/e/${one.code}?k=${t.app.services.events.passes.keyOf(one.code)}`),
    );
    expect((await landing(one.code, pass)).statusCode).toBe(200);
    expect((await landing(other.code, pass)).statusCode).toBe(428);
    expect((await landing('NOSUCH', pass)).statusCode).toBe(428);
    // A pass made up for another code is no pass.
    const forged = `${EVENT_PASS_COOKIE}=${other.code}.${t.app.services.events.passes.keyOf(one.code)}`;
    expect((await landing(other.code, forged)).statusCode).toBe(428);
  });

  it('lets a big screen opened by its own link subscribe on the socket, without a challenge', async () => {
    // Sockets come from loopback: make loopback busy, then open the screen's link there.
    for (const code of ['ZZZZZ3', 'ZZZZZ4']) {
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/get-event-landing?code=${code}`,
        remoteAddress: '127.0.0.1',
      });
    }
    const event = await insertEvent(t, host.id);
    const key = t.app.services.events.passes.keyOf(event.code);
    const page = await t.app.inject({
      method: 'GET',
      url: `/display/${event.code}?k=${key}`,
      remoteAddress: '127.0.0.1',
    });
    const baseUrl = await listenOnLoopback(t.app);
    for (const cookie of [undefined, passCookieOf(page)]) {
      const socket = connectSocket(baseUrl, { display: true, cookie });
      try {
        await connected(socket);
        const answer = await socket.emitWithAck('display:subscribe', { code: event.code });
        if (cookie) expect(answer).toMatchObject({ ok: true, data: { code: event.code } });
        else expect(answer).toMatchObject({ ok: false, code: CHALLENGE_ACK_CODE });
      } finally {
        socket.disconnect();
      }
    }
  });

  it('opens the big screen from its own link too', async () => {
    const event = await insertEvent(t, host.id);
    const key = t.app.services.events.passes.keyOf(event.code);
    const pass = passCookieOf(await scan(`/display/${event.code}?k=${key}`));
    const screen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/get-display?code=${event.code}`,
      remoteAddress: BUSY,
      headers: { cookie: pass ?? '' },
    });
    expect(screen.statusCode, screen.body).toBe(200);
  });
});
