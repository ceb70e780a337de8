import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESCALATION_STEP } from '../../src/http/busy-address.ts';
import { altchaHeader, challengeOf, solveAltcha, TEST_CHALLENGE_ENV } from '../helpers/altcha.ts';
import { insertEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Guessers against the busy-address challenge: one address guessing codes
 * pays more and more work, 100 addresses each get their own allowance and
 * no more, a forged or reused solution is refused, and two nodes on one
 * Redis share the budgets and the used solutions.
 */
const SUSTAINED = 3;
const BURST = 2;
/** The test's challenge at ×1: 4 to 8 tries (TEST_CHALLENGE_ENV). */
const COUNTER = 8;

function wrongCode(index: number): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXY';
  let code = '';
  for (let rest = index, place = 0; place < 6; place += 1) {
    code += letters[rest % letters.length];
    rest = Math.floor(rest / letters.length);
  }
  return code;
}

describe('guessers at a busy address', () => {
  let t: TestApp;
  let host: SignedIn;
  let event: { id: number; code: string };

  beforeAll(async () => {
    t = await createTestApp({
      CODE_FAILURES_PER_ADDRESS: String(SUSTAINED),
      CODE_FAILURES_BURST_PER_ADDRESS: String(BURST),
      ...TEST_CHALLENGE_ENV,
    });
    host = await signIn(t, { name: 'Guessed Host' });
    event = await insertEvent(t, host.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const landing = (app: TestApp, code: string, address: string, altcha?: string) =>
    app.app.inject({
      method: 'GET',
      url: `/api/v1/get-event-landing?code=${code}`,
      remoteAddress: address,
      headers: altcha ? altchaHeader(altcha) : {},
    });

  /** A guess as a determined guesser makes it: asked for work, it does it; answers the tries it took. */
  async function guess(app: TestApp, code: string, address: string) {
    const asked = await landing(app, code, address);
    if (asked.statusCode !== 428) return { status: asked.statusCode, tries: 0 };
    const challenge = challengeOf(asked.json());
    const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
    if (!solution) throw new Error('unsolved');
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const res = await landing(app, code, address, payload);
    return { status: res.statusCode, tries: solution.counter + 1 };
  }

  it('gives one address its free allowance, then asks work for every code, more and more', async () => {
    const address = '192.0.2.1';
    const free = [];
    for (let index = 0; index < SUSTAINED + BURST; index += 1) {
      free.push((await landing(t, wrongCode(index), address)).statusCode);
    }
    expect(free).toEqual(Array(SUSTAINED + BURST).fill(404));
    // Past it: a right code without work is no oracle — the same 428 as a wrong one.
    expect((await landing(t, event.code, address)).statusCode).toBe(428);
    expect((await landing(t, wrongCode(999), address)).statusCode).toBe(428);

    // Challenged wrong codes: the first step at ×1, the next at ×2, then ×4.
    const triesAt: number[][] = [[], [], []];
    for (let index = 0; index < 3 * ESCALATION_STEP; index += 1) {
      const { status, tries } = await guess(t, wrongCode(1000 + index), address);
      expect(status).toBe(404);
      triesAt[Math.floor(index / ESCALATION_STEP)]?.push(tries);
    }
    // The counter is drawn from [N/2, N] × the factor; a solver takes counter + 1 tries.
    const [first, second, third] = triesAt as [number[], number[], number[]];
    expect(Math.max(...first)).toBeLessThanOrEqual(COUNTER + 1);
    expect(Math.min(...second)).toBeGreaterThanOrEqual(COUNTER + 1);
    expect(Math.max(...second)).toBeLessThanOrEqual(2 * COUNTER + 1);
    expect(Math.min(...third)).toBeGreaterThanOrEqual(2 * COUNTER + 1);

    // A right code from the address still gets through with work, and only with it.
    const right = await guess(t, event.code, address);
    expect(right.status).toBe(200);
    expect(right.tries).toBeGreaterThanOrEqual(4 * (COUNTER / 2));
  }, 180_000);

  it('gives 100 addresses each their allowance and no more, and never a 429', async () => {
    const addresses = Array.from({ length: 100 }, (_, index) => `198.18.${index}.1`);
    // Ten addresses at a time: the test's database pool, not the guessers, sets the pace.
    const statuses: number[][] = [];
    for (let batch = 0; batch < addresses.length; batch += 10) {
      statuses.push(
        ...(await Promise.all(
          addresses.slice(batch, batch + 10).map(async (address, offset) => {
            const index = batch + offset;
            const seen: number[] = [];
            for (let round = 0; round <= SUSTAINED + BURST; round += 1) {
              seen.push(
                (await landing(t, wrongCode(5000 + index * 10 + round), address)).statusCode,
              );
            }
            return seen;
          }),
        )),
      );
    }
    for (const seen of statuses) {
      expect(seen).toEqual([...Array(SUSTAINED + BURST).fill(404), 428]);
    }
    // The room at another address never noticed.
    expect((await landing(t, event.code, '198.19.0.1')).statusCode).toBe(200);
  });

  it('refuses a forged, tampered or reused solution with a fresh challenge', async () => {
    const address = '192.0.2.2';
    for (let index = 0; index < SUSTAINED + BURST; index += 1) {
      await landing(t, wrongCode(7000 + index), address);
    }
    const asked = await landing(t, event.code, address);
    expect(asked.statusCode).toBe(428);
    const challenge = challengeOf(asked.json());
    const good = await solveAltcha(challenge);
    const tampered = JSON.parse(Buffer.from(good, 'base64').toString()) as {
      challenge: { parameters: { cost: number } };
      solution: { counter: number };
    };
    tampered.challenge.parameters.cost = 0;
    const forged = [
      'not base64 at all',
      Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
      Buffer.from(JSON.stringify(tampered)).toString('base64'),
    ];
    for (const altcha of forged) {
      const res = await landing(t, event.code, address, altcha);
      expect(res.statusCode).toBe(428);
      expect(challengeOf(res.json()).parameters.nonce).not.toBe(challenge.parameters.nonce);
    }
    expect((await landing(t, event.code, address, good)).statusCode).toBe(200);
    expect((await landing(t, event.code, address, good)).statusCode).toBe(428);
  });

  it('refuses one account out of wrong codes (429 for that person only), the room at its address unaffected', async () => {
    const guesser = await signInGuest(t);
    const neighbour = await signInGuest(t);
    const join = (who: SignedIn, code: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/join-event',
        headers: who.headers,
        remoteAddress: address,
        payload: { event_code: code },
      });
    // One wrong code from each of 10 addresses (never busy): the account's 10 are spent.
    const statuses = [];
    for (let index = 0; index < 10; index += 1) {
      statuses.push((await join(guesser, wrongCode(8000 + index), `192.0.3.${index}`)).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(404));
    const refused = await join(guesser, event.code, '192.0.3.0');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The neighbour on the same address joins at once: no challenge, no refusal.
    expect((await join(neighbour, event.code, '192.0.3.0')).statusCode).toBe(200);
  });
});

async function signInGuest(t: TestApp): Promise<SignedIn> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/login-as-guest', payload: {} });
  const data = res.json().data as { id: number; access_token: string };
  return { id: data.id, headers: { authorization: `Bearer ${data.access_token}` } };
}

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('two nodes on one Redis', () => {
  let t: TestApp;
  let peer: TestApp;
  let event: { id: number; code: string };

  beforeAll(async () => {
    t = await createTestApp({
      CODE_FAILURES_PER_ADDRESS: '2',
      CODE_FAILURES_BURST_PER_ADDRESS: '1',
      ...TEST_CHALLENGE_ENV,
    });
    peer = await createPeerApp(t);
    const host = await signIn(t, { name: 'Shared Host' });
    event = await insertEvent(t, host.id);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const landing = (app: TestApp, code: string, address: string, altcha?: string) =>
    app.app.inject({
      method: 'GET',
      url: `/api/v1/get-event-landing?code=${code}`,
      remoteAddress: address,
      headers: altcha ? altchaHeader(altcha) : {},
    });

  it('share the address budgets and the used solutions', async () => {
    const address = '192.0.2.50';
    // Wrong codes spread over both nodes spend one budget.
    expect((await landing(t, 'AAAAAA', address)).statusCode).toBe(404);
    expect((await landing(peer, 'BBBBBB', address)).statusCode).toBe(404);
    expect((await landing(t, 'CCCCCC', address)).statusCode).toBe(404);
    const asked = await landing(peer, event.code, address);
    expect(asked.statusCode).toBe(428);
    expect((await landing(t, event.code, address)).statusCode).toBe(428);
    // A challenge made on one node is solved for the other, once for both.
    const solved = await solveAltcha(challengeOf(asked.json()));
    expect((await landing(t, event.code, address, solved)).statusCode).toBe(200);
    expect((await landing(peer, event.code, address, solved)).statusCode).toBe(428);
  });
});
