import { MSG } from '@floorfill/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubApi } from '@/testing/render';
import { api, ApiError, setUnauthorizedHandler } from './api-client';
import { requestEarly } from './early-requests';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => setUnauthorizedHandler(null));

describe('api client', () => {
  it('sends JSON same-origin with credentials and returns msg and data', async () => {
    const calls = stubApi({
      '/api/auth/login': {
        body: { status: true, msg: 'Logged in successfully.', data: { id: 7 } },
      },
    });

    const answer = await api.post('/api/auth/login', {
      body: { email: 'a@b.co', remember: true },
      schema: z.object({ id: z.number() }),
    });

    expect(answer).toEqual({ msg: 'Logged in successfully.', data: { id: 7 } });
    const [call] = calls;
    expect(call?.init?.credentials).toBe('same-origin');
    expect(call?.init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(call?.body).toEqual({ email: 'a@b.co', remember: true });
  });

  it('sends FormData untouched so the browser sets the multipart boundary', async () => {
    const calls = stubApi({ '/api/v1/store-event': { body: { status: true, msg: 'ok' } } });
    const form = new FormData();
    form.set('name', 'Friday');

    await api.post('/api/v1/store-event', { body: form });

    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.init?.headers).not.toHaveProperty('Content-Type');
  });

  it('takes the answer of a GET sent early, once, instead of asking again', async () => {
    const calls = stubApi({
      '/api/v1/get-event-landing': { body: { status: true, msg: '', data: { name: 'Dock' } } },
    });
    requestEarly('/api/v1/get-event-landing?code=K7WQ2M');
    expect(calls).toHaveLength(1);

    const schema = z.object({ name: z.string() });
    const first = await api.get('/api/v1/get-event-landing', { query: { code: 'K7WQ2M' }, schema });
    expect(first.data).toEqual({ name: 'Dock' });
    expect(calls).toHaveLength(1);

    await api.get('/api/v1/get-event-landing', { query: { code: 'K7WQ2M' }, schema });
    expect(calls).toHaveLength(2);
  });

  it('puts query parameters on the URL and skips empty ones', async () => {
    const calls = stubApi({ '/api/dev/outbox': { body: { status: true, msg: '', data: [] } } });
    await api.get('/api/dev/outbox', { query: { email: 'a@b.co', page: undefined } });
    expect(calls[0]?.path).toBe('/api/dev/outbox');
    expect(calls[0]?.search).toBe('?email=a%40b.co');
  });

  it('reads 422 field errors from `errors`', async () => {
    stubApi({
      '/api/auth/verifyOtp': {
        status: 422,
        body: { status: false, msg: MSG.invalidData, errors: { otp: ['The code is invalid.'] } },
      },
    });

    const error = await failureOf(api.post('/api/auth/verifyOtp', { body: {} }));

    expect(error.httpStatus).toBe(422);
    expect(error.msg).toBe(MSG.invalidData);
    expect(error.fieldErrors).toEqual({ otp: ['The code is invalid.'] });
  });

  it('reads 422 field errors from `data` when `errors` is absent', async () => {
    stubApi({
      '/api/auth/signup': {
        status: 422,
        body: { status: false, msg: MSG.invalidData, data: { email: [MSG.emailTaken] } },
      },
    });

    const error = await failureOf(api.post('/api/auth/signup', { body: {} }));

    expect(error.fieldErrors).toEqual({ email: [MSG.emailTaken] });
  });

  it('keeps `data` of a failure for the caller (403 unverified, 429 retry)', async () => {
    stubApi({
      '/api/v1/resend-otp': {
        status: 429,
        body: { status: false, msg: 'Please wait', data: { retry_after_seconds: 42 } },
      },
    });

    const error = await failureOf(api.post('/api/v1/resend-otp', { body: {} }));

    expect(error.httpStatus).toBe(429);
    expect(error.fieldErrors).toEqual({});
    expect(error.data).toEqual({ retry_after_seconds: 42 });
  });

  it('treats a 200 with status false as a failure carrying its msg', async () => {
    stubApi({ '/api/v1/join-event': { body: { status: false, msg: MSG.somethingWrong } } });
    const error = await failureOf(api.post('/api/v1/join-event', { body: {} }));
    expect(error.msg).toBe(MSG.somethingWrong);
  });

  it('returns a paged list with its typed data and the pagination beside it', async () => {
    const pagination = { currentPage: 2, lastPage: 3, perPage: 10, total: 25 };
    const calls = stubApi({
      '/api/v1/get-event-list': {
        body: { status: true, msg: '', data: [{ id: 7 }, { id: 8 }], pagination },
      },
    });

    const page = await api.getPage('/api/v1/get-event-list', {
      query: { page: 2, search: undefined },
      schema: z.array(z.object({ id: z.number() })),
    });

    expect(page).toEqual({ msg: '', data: [{ id: 7 }, { id: 8 }], pagination });
    expect(calls[0]?.search).toBe('?page=2');
  });

  it('rejects a paged answer without readable pagination', async () => {
    stubApi({
      '/api/v1/get-event-list': { body: { status: true, msg: '', data: [] } },
    });

    const error = await failureOf(
      api.getPage('/api/v1/get-event-list', { schema: z.array(z.unknown()) }),
    );

    expect(error.msg).toBe(MSG.unexpected);
  });

  it('runs the 401 handler for a data call', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubApi({
      '/api/v1/get-event-list': { status: 401, body: { status: false, msg: MSG.unauthenticated } },
    });

    const error = await failureOf(api.get('/api/v1/get-event-list'));

    expect(error.httpStatus).toBe(401);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not run the 401 handler for auth endpoints (a wrong password is not an expired session)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubApi({
      '/api/auth/login': { status: 401, body: { status: false, msg: MSG.invalidCredentials } },
      '/api/auth/session': { status: 401, body: { status: false, msg: MSG.unauthenticated } },
    });

    const login = await failureOf(api.post('/api/auth/login', { body: {} }));
    await failureOf(api.get('/api/auth/session'));

    expect(login.msg).toBe(MSG.invalidCredentials);
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a network failure into the generic message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(api.get('/api/auth/session'));
    expect(error.httpStatus).toBe(0);
    expect(error.msg).toBe(MSG.unexpected);
  });

  it('turns a non-JSON error page into the generic message', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    const error = await failureOf(api.get('/api/auth/session'));
    expect(error.httpStatus).toBe(502);
    expect(error.msg).toBe(MSG.unexpected);
  });

  it('rejects a success whose data does not match the expected shape', async () => {
    stubApi({ '/api/auth/session': { body: { status: true, msg: '', data: { user: 'nope' } } } });
    const error = await failureOf(
      api.get('/api/auth/session', { schema: z.object({ user: z.object({ id: z.number() }) }) }),
    );
    expect(error.msg).toBe(MSG.unexpected);
  });
});

describe('answers inside the page', () => {
  const url = '/api/v1/get-attendee-event-details?id=7';
  const schema = z.object({ name: z.string() });

  /** A fresh client for a page that carries `answers` (the module reads them once). */
  async function clientInPage(answers: Record<string, unknown>) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'ff-page-answers';
    script.textContent = JSON.stringify(answers);
    document.head.append(script);
    vi.resetModules();
    return import('./api-client');
  }

  afterEach(() => {
    document.getElementById('ff-page-answers')?.remove();
    vi.resetModules();
  });

  it('takes a success at once, validated, so the next call asks the server', async () => {
    const calls = stubApi({
      '/api/v1/get-attendee-event-details': {
        body: { status: true, msg: '', data: { name: 'Quay' } },
      },
    });
    const client = await clientInPage({
      [url]: { status: 200, body: { status: true, msg: '', data: { name: 'Dock', extra: 1 } } },
    });
    const options = { query: { id: 7 }, schema };

    expect(client.takeAnswerInPage('/api/v1/get-attendee-event-details', options)).toEqual({
      name: 'Dock',
    });
    expect(calls).toHaveLength(0);
    expect(client.takeAnswerInPage('/api/v1/get-attendee-event-details', options)).toBeUndefined();
    const next = await client.api.get('/api/v1/get-attendee-event-details', options);
    expect(next.data).toEqual({ name: 'Quay' });
    expect(calls).toHaveLength(1);
  });

  it('leaves a failure, or data the schema refuses, for the first call to meet', async () => {
    const client = await clientInPage({
      [url]: { status: 404, body: { status: false, msg: 'Event not found.' } },
      '/api/v1/get-attendee-event-details?id=8': {
        status: 200,
        body: { status: true, msg: '', data: { name: 8 } },
      },
      '/api/v1/get-attendee-event-details?id=9': {
        status: 200,
        body: { status: false, msg: 'No.', data: { name: 'Dock' } },
      },
    });
    const calls = stubApi({});
    for (const id of [7, 8, 9, 10]) {
      expect(
        client.takeAnswerInPage('/api/v1/get-attendee-event-details', { query: { id }, schema }),
      ).toBeUndefined();
    }
    const missing = await client.api
      .get('/api/v1/get-attendee-event-details', { query: { id: 7 }, schema })
      .catch((error: unknown) => error);
    expect(missing).toMatchObject({ httpStatus: 404, msg: 'Event not found.' });
    expect(calls).toHaveLength(0);
  });
});
