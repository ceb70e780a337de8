import { CHALLENGE_HEADER, MSG } from '@floorfill/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { challengeAnswer, isGoodProof } from '@/testing/altcha';
import { stubApi } from '@/testing/render';
import { api, ApiError } from './api-client';
import { MAX_CHALLENGE_ROUNDS } from './challenge';

const joined = z.object({ id: z.number() });

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/**
 * The server's side of the contract, with the real verifier: no proof, or
 * one that fails or was used before, gets a fresh challenge; a good one is let in.
 */
function busyAddress(success: { body: unknown }) {
  const used = new Set<string>();
  return async (_body: unknown, headers: Headers) => {
    const proof = headers.get(CHALLENGE_HEADER);
    if (!proof || used.has(proof) || !(await isGoodProof(proof))) return challengeAnswer();
    used.add(proof);
    return success;
  };
}

describe('api client at a busy address', () => {
  it('solves the challenge of a 428 and sends the same call again with the proof', async () => {
    const calls = stubApi({
      '/api/v1/join-event': busyAddress({ body: { status: true, msg: 'Joined', data: { id: 5 } } }),
    });

    const answer = await api.post('/api/v1/join-event', {
      body: { event_code: 'K7WQ2M' },
      schema: joined,
    });

    expect(answer).toEqual({ msg: 'Joined', data: { id: 5 } });
    expect(calls).toHaveLength(2);
    const [first, second] = calls;
    expect(new Headers(first?.init?.headers).has(CHALLENGE_HEADER)).toBe(false);
    expect(second).toMatchObject({ method: 'POST', body: { event_code: 'K7WQ2M' } });
    expect(new Headers(second?.init?.headers).get(CHALLENGE_HEADER)).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('solves a GET too, with its query kept', async () => {
    const calls = stubApi({
      '/api/v1/get-event-landing': busyAddress({
        body: { status: true, msg: '', data: { id: 9 } },
      }),
    });

    const answer = await api.get('/api/v1/get-event-landing', {
      query: { code: 'K7WQ2M' },
      schema: joined,
    });

    expect(answer.data).toEqual({ id: 9 });
    expect(calls.map((call) => call.search)).toEqual(['?code=K7WQ2M', '?code=K7WQ2M']);
  });

  it('solves again when the proof is refused, and gives up after a few rounds with a clear message', async () => {
    // A server whose every answer is a challenge: each proof is refused.
    const calls = stubApi({ '/api/v1/login-as-guest': () => challengeAnswer() });

    const error = await failureOf(api.post('/api/v1/login-as-guest', { body: {} }));

    expect(error.httpStatus).toBe(428);
    expect(error.msg).toBe(MSG.checkFailed);
    expect(calls).toHaveLength(MAX_CHALLENGE_ROUNDS + 1);
    const proofs = calls
      .slice(1)
      .map((call) => new Headers(call.init?.headers).get(CHALLENGE_HEADER));
    expect(new Set(proofs).size).toBe(MAX_CHALLENGE_ROUNDS);
  });

  it('reads a 428 without a challenge as the failure it says it is', async () => {
    const calls = stubApi({
      '/api/v1/join-event': { status: 428, body: { status: false, msg: 'Precondition' } },
    });

    const error = await failureOf(api.post('/api/v1/join-event', { body: {} }));

    expect(error).toMatchObject({ httpStatus: 428, msg: 'Precondition' });
    expect(calls).toHaveLength(1);
  });
});

describe('api client refused (429)', () => {
  it('says how long to wait, from retry_after_seconds', async () => {
    stubApi({
      '/api/v1/join-event': {
        status: 429,
        body: { status: false, msg: MSG.tooManyRequests, data: { retry_after_seconds: 40 } },
        headers: { 'Retry-After': '40' },
      },
    });

    const error = await failureOf(api.post('/api/v1/join-event', { body: {} }));

    expect(error.msg).toBe('Too many tries — try again in 40 s.');
    expect(error.retryAfterSeconds).toBe(40);
  });

  it('says how long to wait from Retry-After alone, in minutes when it is long', async () => {
    stubApi({
      '/api/auth/login': {
        status: 429,
        body: { status: false, msg: MSG.tooManyRequests },
        headers: { 'Retry-After': '600' },
      },
    });

    const error = await failureOf(api.post('/api/auth/login', { body: {} }));

    expect(error.msg).toBe('Too many tries — try again in 10 min.');
    expect(error.retryAfterSeconds).toBe(600);
  });

  it('keeps a refusal the server worded itself', async () => {
    stubApi({
      '/api/v1/resend-otp': {
        status: 429,
        body: { status: false, msg: MSG.codeCooldown(42), data: { retry_after_seconds: 42 } },
      },
    });

    const error = await failureOf(api.post('/api/v1/resend-otp', { body: {} }));

    expect(error.msg).toBe(MSG.codeCooldown(42));
  });
});
