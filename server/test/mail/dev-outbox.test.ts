import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signupPayload, uniqueEmail } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /api/dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const outbox = (query = '') => t.app.inject({ method: 'GET', url: `/api/dev/outbox${query}` });

  it('lists the mail for one address, newest first, without the html', async () => {
    const email = uniqueEmail('outbox');
    await post(t, '/api/auth/signup', signupPayload({ email }));
    // Mail jobs may run in parallel (BullMQ): the first must be stored before the second is sent.
    await t.ctx.queue.idle();
    await post(t, '/api/auth/sendOtp', { email });
    await post(t, '/api/auth/signup', signupPayload({ email: uniqueEmail('someone-else') }));
    await t.ctx.queue.idle();

    const res = await outbox(`?email=${encodeURIComponent(email.toUpperCase())}`);
    expect(res.statusCode).toBe(200);
    const mails = res.json().data;
    expect(mails.map((mail: { subject: string }) => mail.subject)).toEqual([
      'Your Floorfill password reset code',
      'Verify your email for Floorfill',
    ]);
    expect(mails[0]).toEqual({
      to: email,
      subject: 'Your Floorfill password reset code',
      text: expect.stringMatching(/Your code: \d{6}/),
      created_at: expect.any(String),
    });
  });

  it('lists every address without a filter', async () => {
    await post(t, '/api/auth/signup', signupPayload());
    await t.ctx.queue.idle();

    const res = await outbox();
    expect(res.statusCode).toBe(200);
    const addresses = new Set(res.json().data.map((mail: { to: string }) => mail.to));
    expect(addresses.size).toBeGreaterThan(1);
  });

  it('answers an empty list for an address that got nothing', async () => {
    const res = await outbox(`?email=${uniqueEmail('nobody')}`);
    expect(res.json()).toEqual({ status: true, msg: '', data: [] });
  });
});

describe('the dev outbox with SMTP configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});
