import argon2 from 'argon2';
import { MSG } from '@floorfill/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_PAUSES } from '../../src/services.ts';
import {
  codeFromOutbox,
  createMember,
  digits,
  outboxFor,
  post,
  TEST_PASSWORD,
} from '../helpers/factories.ts';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/test-app.ts';

// The real argon2, watched: a paused attempt must not reach it. The server calls it through the
// module's exported object, which this file shares with it, so a spy on that object sees each check.
beforeAll(() => {
  vi.spyOn(argon2, 'verify');
});
afterAll(() => {
  vi.restoreAllMocks();
});

const BUDGET = 2;
const MINUTE = 60_000;

/** Settings that leave the account's back-off the only limit in play. */
const ENV = {
  SIGN_IN_FAILURES_PER_ACCOUNT: String(BUDGET),
  SIGN_IN_FAILURES_PER_ADDRESS: '100000',
  SIGN_IN_FAILURES_GLOBAL: '100000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
};

let addressCounter = 0;
/** Every try from a new address, as a botnet would. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.60.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

function login(
  t: TestApp,
  email: string,
  password: string,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextAddress(),
    headers: cookie ? { cookie } : {},
    payload: { email, password },
  });
}

/** Wrong passwords from strangers until the account's budget is spent; answers the pause it started, in seconds. */
async function exhaust(nodes: readonly TestApp[], email: string): Promise<number> {
  for (let index = 0; index < BUDGET; index += 1) {
    const node = nodes[index % nodes.length] as TestApp;
    expect((await login(node, email, 'guess-123456')).statusCode).toBe(401);
  }
  const paused = await login(nodes[0] as TestApp, email, TEST_PASSWORD);
  expect(paused.statusCode).toBe(429);
  expect(paused.json()).toMatchObject({ status: false, msg: MSG.tooManyRequests });
  const header = Number(paused.headers['retry-after']);
  expect(paused.json().data.retry_after_seconds).toBe(header);
  return header;
}

const attemptMails = async (t: TestApp, member: { email: string }) =>
  (await outboxFor(t, member.email)).filter((mail) => mail.subject.includes('Failed sign-ins'));

function deviceCookie(res: LightMyRequestResponse): string {
  const mark = res.cookies.find((cookie) => cookie.name === 'ff_device');
  expect(mark).toBeDefined();
  return `ff_device=${mark?.value}`;
}

/** Moves the app's clock (only `Date`; timers and I/O run as usual). */
function advance(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

describe('exponential back-off of an account under attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('doubles the pause on each spent budget up to an hour, mails the owner once, and starts over after a quiet hour', async () => {
    const owner = await createMember(t, { name: 'Attacked Ann' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

    const pauses: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      const pause = await exhaust([t], owner.email);
      pauses.push(pause);
      // Still paused a second before the end, free at the end.
      advance(pause * 1000 - 1000);
      expect((await login(t, owner.email, TEST_PASSWORD)).statusCode).toBe(429);
      advance(1000);
    }
    expect(pauses).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(ACCOUNT_PAUSES.maxPauseMs).toBe(3600 * 1000);
    expect(await attemptMails(t, owner)).toHaveLength(1);

    // Within the quiet hour the next budget still starts the longest pause.
    advance(ACCOUNT_PAUSES.quietMs - MINUTE);
    expect(await exhaust([t], owner.email)).toBe(3600);
    // A quiet hour after that pause ends: forgotten. A new attack starts at a minute, and is mailed.
    advance(3600 * 1000 + ACCOUNT_PAUSES.quietMs);
    expect(await exhaust([t], owner.email)).toBe(60);
    expect(await attemptMails(t, owner)).toHaveLength(2);
    // Every failure is a real argon2 check: 22 of them on a shared 2-core machine.
  }, 180_000);

  it('lets a browser that signed in before in during the pause, and never runs argon2 for a paused stranger', async () => {
    const owner = await createMember(t, { name: 'Known Kim' });
    const mark = deviceCookie(await login(t, owner.email, TEST_PASSWORD));
    await exhaust([t], owner.email);

    const checks = vi.mocked(argon2.verify).mock.calls.length;
    for (let index = 0; index < 5; index += 1) {
      expect((await login(t, owner.email, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await login(t, owner.email, 'guess-123456')).statusCode).toBe(429);
    }
    expect(vi.mocked(argon2.verify).mock.calls.length).toBe(checks);

    const known = await login(t, owner.email, TEST_PASSWORD, mark);
    expect(known.statusCode).toBe(200);
    expect(vi.mocked(argon2.verify).mock.calls.length).toBe(checks + 1);
    // The known browser's own typo does not lengthen the strangers' pause.
    expect((await login(t, owner.email, 'typo-123456', mark)).statusCode).toBe(401);
  });

  it('lets the browser that reset the password sign in during the pause', async () => {
    const owner = await createMember(t, { name: 'Reset Rae' });
    await exhaust([t], owner.email);
    expect((await post(t, '/api/auth/sendOtp', { email: owner.email })).statusCode).toBe(200);
    const code = await codeFromOutbox(t, owner.email);
    const newPassword = 'a-fresh-password-9';
    const reset = await post(t, '/api/auth/verifyOtp', {
      email: owner.email,
      ...digits(code),
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t, owner.email, newPassword)).statusCode).toBe(429);
    expect((await login(t, owner.email, newPassword, deviceCookie(reset))).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.REDIS_URL)('the back-off across two nodes sharing Redis', () => {
  let t: TestApp;
  let peer: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV);
    peer = await createPeerApp(t);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts failures on both nodes together, pauses on both, doubles and mails once', async () => {
    const owner = await createMember(t, { name: 'Spread Sam' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await exhaust([t, peer], owner.email)).toBe(60);
    const onPeer = await login(peer, owner.email, TEST_PASSWORD);
    expect(onPeer.statusCode).toBe(429);
    expect(Number(onPeer.headers['retry-after'])).toBe(60);
    advance(60 * 1000);
    expect(await exhaust([peer, t], owner.email)).toBe(120);
    expect(await attemptMails(t, owner)).toHaveLength(1);
  });
});
