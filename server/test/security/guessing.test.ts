import { MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, signIn, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { createMember, outboxFor, TEST_PASSWORD } from '../helpers/factories.ts';
import { altchaHeader, challengeOf, solveAltcha, TEST_CHALLENGE_ENV } from '../helpers/altcha.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Event codes and passwords are guessed one try at a time: wrong tries are
 * counted per account (a 429 for that person) and per address; an address
 * past its budget is never refused, but every try from it must carry a
 * solved challenge (428 until it does). Right ones are never counted, so
 * guests who type their code keep joining.
 */
describe('guessing codes and passwords', () => {
  let t: TestApp;
  let host: SignedIn;
  let event: { id: number; code: string };

  beforeAll(async () => {
    t = await createTestApp({
      CODE_FAILURES_PER_ADDRESS: '5',
      CODE_FAILURES_BURST_PER_ADDRESS: '2',
      CODE_FAILURES_PER_ACCOUNT: '3',
      ...TEST_CHALLENGE_ENV,
      SIGN_IN_FAILURES_PER_ADDRESS: '4',
      SIGN_IN_FAILURES_PER_ACCOUNT: '3',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    host = await signIn(t, { name: 'Dana Host' });
    event = await insertEvent(t, host.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const join = (who: SignedIn, code: string, address: string, altcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/join-event',
      headers: { ...who.headers, ...(altcha ? altchaHeader(altcha) : {}) },
      remoteAddress: address,
      payload: { event_code: code },
    });

  it('stops an account after its wrong codes, whatever address it comes from', async () => {
    const guest = await signInGuest(t);
    const statuses = [];
    for (const [index, code] of ['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD'].entries()) {
      statuses.push((await join(guest, code, `10.1.0.${index + 1}`)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const refused = await join(guest, event.code, '10.1.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ msg: MSG.tooManyRequests });
    expect(refused.json().data.retry_after_seconds).toBeGreaterThan(0);
  });

  it('asks a busy address for a challenge on every code, right or wrong, and never counts right ones', async () => {
    const guests = await Promise.all([1, 2, 3, 4, 5].map(() => signInGuest(t)));
    const address = '10.2.0.1';
    // Right codes, again and again: never counted.
    for (let round = 0; round < 8; round += 1) {
      expect((await join(guests[0] as SignedIn, event.code, address)).statusCode).toBe(200);
    }
    // 5 sustained and 2 of burst: free; the wrong codes come from several accounts.
    const statuses = [];
    const wrongCodes = ['EEEEEE', 'FFFFFF', 'GGGGGG', 'HHHHHH', 'JJJJJJ', 'KKKKKK', 'LLLLLL'];
    for (const [index, code] of wrongCodes.entries()) {
      statuses.push((await join(guests[index % 3] as SignedIn, code, address)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // Busy: a wrong code and a right one alike get a challenge (no oracle), never a 429.
    const wrong = await join(guests[2] as SignedIn, 'MMMMMM', address);
    const right = await join(guests[3] as SignedIn, event.code, address);
    for (const answer of [wrong, right]) {
      expect(answer.statusCode).toBe(428);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json().msg).toMatch(/network/);
      expect(challengeOf(answer.json()).parameters.algorithm).toBe('PBKDF2/SHA-256');
    }
    // The QR image is the same oracle: the same guard.
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/qr/events/${event.code}.png`,
      remoteAddress: address,
    });
    expect(qr.statusCode).toBe(428);
    // Solved, the same request goes through, once.
    const solved = await solveAltcha(challengeOf(right.json()));
    expect((await join(guests[3] as SignedIn, event.code, address, solved)).statusCode).toBe(200);
    const replayed = await join(guests[4] as SignedIn, event.code, address, solved);
    expect(replayed.statusCode).toBe(428);
    // A solution made for another address does not pass here.
    expect((await join(guests[4] as SignedIn, event.code, '10.2.0.3', solved)).statusCode).toBe(
      200,
    );
    // Another address in the room is not held back.
    expect((await join(guests[1] as SignedIn, event.code, '10.2.0.2')).statusCode).toBe(200);
  });

  it('challenges wrong QR codes from one address past its budget', async () => {
    const statuses = [];
    for (const code of ['MMMMMM', 'NNNNNN', 'PPPPPP', 'QQQQQQ', 'RRRRRR', 'SSSSSS', 'UUUUUU']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/qr/events/${code}.png`,
        remoteAddress: '10.3.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const busy = await t.app.inject({
      method: 'GET',
      url: '/api/qr/events/TTTTTT.png',
      remoteAddress: '10.3.0.1',
    });
    expect(busy.statusCode).toBe(428);
    const solved = await solveAltcha(challengeOf(busy.json()));
    const tried = await t.app.inject({
      method: 'GET',
      url: '/api/qr/events/TTTTTT.png',
      remoteAddress: '10.3.0.1',
      headers: altchaHeader(solved),
    });
    expect(tried.statusCode).toBe(404);
  });

  it('asks one address trying many accounts for a challenge, and lets the others sign in', async () => {
    const member = await createMember(t, { name: 'Real User' });
    const login = (email: string, password: string, address: string, altcha?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        headers: altcha ? altchaHeader(altcha) : {},
        payload: { email, password },
      });
    const statuses = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push(
        (await login(`target${index}@example.com`, 'guess-123456', '10.4.0.1')).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
    // Past its budget the address must prove work before the password is even checked.
    const busy = await login(member.email, TEST_PASSWORD, '10.4.0.1');
    expect(busy.statusCode).toBe(428);
    const solved = await solveAltcha(challengeOf(busy.json()));
    expect((await login(member.email, TEST_PASSWORD, '10.4.0.1', solved)).statusCode).toBe(200);
    expect((await login(member.email, TEST_PASSWORD, '10.4.0.2')).statusCode).toBe(200);
  });

  it('pauses new browsers’ sign-ins to an account tried from many addresses, tells its owner, and lets its own browser in', async () => {
    const owner = await createMember(t, { name: 'Owner Olga' });
    const login = (password: string, address: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        headers: cookie ? { cookie } : {},
        payload: { email: owner.email, password },
      });
    // The owner's own browser signed in last week and carries the mark.
    const earlier = await login(TEST_PASSWORD, '10.5.0.1');
    expect(earlier.statusCode).toBe(200);
    const mark = earlier.cookies.find((cookie) => cookie.name === 'ff_device');
    expect(mark?.httpOnly).toBe(true);

    // A botnet: one wrong password from each of many addresses.
    const statuses = [];
    for (let index = 0; index < 3; index += 1) {
      statuses.push((await login('guess-123456', `10.6.0.${index + 1}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401]);
    expect((await login(TEST_PASSWORD, '10.6.0.9')).statusCode).toBe(429);
    // The owner's browser is not locked out, and the owner was told once.
    expect((await login(TEST_PASSWORD, '10.5.0.1', `ff_device=${mark?.value}`)).statusCode).toBe(
      200,
    );
    const mails = await outboxFor(t, owner.email);
    expect(mails.filter((mail) => mail.subject.includes('Failed sign-ins'))).toHaveLength(1);
    // A forged mark does not pass.
    expect((await login(TEST_PASSWORD, '10.6.0.10', 'ff_device=forged')).statusCode).toBe(429);
  });

  it('stops strangers’ sign-ins everywhere past the overall ceiling, and still lets known browsers in', async () => {
    const ceiling = await createTestApp({
      SIGN_IN_FAILURES_GLOBAL: '3',
      SIGN_IN_FAILURES_PER_ADDRESS: '1000',
      SIGN_IN_FAILURES_PER_ACCOUNT: '1000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    try {
      const member = await createMember(ceiling, { name: 'Known Browser' });
      const login = (email: string, password: string, address: string, cookie?: string) =>
        ceiling.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: address,
          headers: cookie ? { cookie } : {},
          payload: { email, password },
        });
      const first = await login(member.email, TEST_PASSWORD, '10.7.0.1');
      const mark = first.cookies.find((cookie) => cookie.name === 'ff_device');
      const statuses = [];
      for (let index = 0; index < 3; index += 1) {
        statuses.push(
          (await login(`x${index}@example.com`, 'guess-123456', `10.8.0.${index}`)).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401]);
      expect((await login(member.email, TEST_PASSWORD, '10.9.0.1')).statusCode).toBe(429);
      expect(
        (await login(member.email, TEST_PASSWORD, '10.9.0.1', `ff_device=${mark?.value}`))
          .statusCode,
      ).toBe(200);
    } finally {
      await ceiling.close();
    }
  });
});
