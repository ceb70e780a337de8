import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, postForm, signIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import {
  createRequestContractChecker,
  requestRecordOf,
  type ReceivedRequest,
  type RequestContractChecker,
} from '../helpers/request-contract.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Every test app checks the requests it accepts against its own
 * /api/openapi.json, and its close() fails the test file when one was outside
 * (test/helpers/request-contract.ts). This file shows that the check runs
 * and that it catches what it should.
 */

let t: TestApp;
let checker: RequestContractChecker;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  checker = createRequestContractChecker(res.json<OpenAPIV3_1.Document>());
});
afterAll(async () => {
  await t.close();
});

function received(overrides: Partial<ReceivedRequest>): ReceivedRequest {
  return {
    method: 'POST',
    route: '/api/v1/store-rating',
    contentType: 'application/json',
    query: {},
    params: {},
    body: {},
    ...overrides,
  };
}

describe('requests the suite sends', () => {
  it('are checked against the document when the server accepts them', async () => {
    const record = requestRecordOf(t.app);
    const before = record?.checked ?? 0;
    const host = await signIn(t);
    const event = await insertEvent(t, host.id);
    const form = new FormData();
    form.set('id', String(event.id));
    form.set('name', 'Renamed by form');
    form.set('start_time', new Date(Date.now() + 3_600_000).toISOString());
    form.set('end_time', new Date(Date.now() + 7_200_000).toISOString());
    const updated = await postForm(t, '/api/v1/update-event', form, host.headers);
    expect(updated.statusCode).toBe(200);
    expect((await get(t, '/api/v1/get-event-list?page=&sort=name', host.headers)).statusCode).toBe(
      200,
    );
    expect((await post(t, '/api/v1/delete-event', { id: event.id }, host.headers)).statusCode).toBe(
      200,
    );

    expect(record?.checked).toBeGreaterThanOrEqual(before + 3);
    expect(record?.outside).toEqual([]);
  });

  it('are not checked when the server refused them', async () => {
    const record = requestRecordOf(t.app);
    const host = await signIn(t);
    const before = record?.checked ?? 0;
    const refused = await post(t, '/api/v1/store-event', { name: '' }, host.headers);
    expect(refused.statusCode).toBe(422);
    expect(record?.checked).toBe(before);
  });
});

describe('the request check', () => {
  it('passes what a form sends: numbers as text, empty fields, the client form names', () => {
    const form = received({
      contentType: 'multipart/form-data; boundary=x',
      body: { hostId: '12', ratingNumber: '4', eventId: '', feedBack: 'Great set' },
    });
    expect(checker.problemsOf(form)).toEqual([]);
  });

  it('reports a value the document does not allow', () => {
    const tooHigh = received({ body: { host_id: 12, rating: 9 } });
    expect(checker.problemsOf(tooHigh)).toEqual([
      expect.stringMatching(/^body \(application\/json\): \/rating/),
    ]);
  });

  it('reports a missing required field', () => {
    expect(checker.problemsOf(received({ body: { rating: 4 } }))).toEqual([
      expect.stringMatching(/^body \(application\/json\):.*required property 'host_id'/),
    ]);
  });

  it('reports a query value outside its enum', () => {
    const sideways = received({
      method: 'GET',
      route: '/api/v1/get-event-list',
      contentType: undefined,
      query: { sort: 'sideways' },
      body: undefined,
    });
    expect(checker.problemsOf(sideways)).toEqual([
      expect.stringMatching(/^query parameters: \/sort/),
    ]);
  });

  it('reports a media type the document does not list', () => {
    const text = received({ contentType: 'text/plain', body: 'rating=4' });
    expect(checker.problemsOf(text)).toEqual([
      'body: sent as text/plain, which the document does not list',
    ]);
  });

  it('reports a route the document does not have', () => {
    expect(checker.problemsOf(received({ route: '/api/v1/not-a-route' }))).toEqual([
      'no operation POST /api/v1/not-a-route in the document',
    ]);
  });
});
