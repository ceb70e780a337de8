import { SINGLE_LINE_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventForm,
  multipartForm,
  postForm,
  signIn,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { post, signupPayload } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Names go into mail headers and bodies, logs and receipts: a line break in
 * one could start a header of its own (`Bcc:`) or a forged log line. Names
 * are one line; an event's description may keep its paragraphs.
 */
describe('names are one line', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a sign-up name with a line break, naming the field', async () => {
    for (const name of ['Eve\r\nBcc: victim@example.com', 'Eve\nMallory', 'Eve\u2028Mallory']) {
      const res = await post(t, '/api/auth/signup', signupPayload({ name }));
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.json().errors).toEqual({ name: [SINGLE_LINE_MSG] });
    }
  });

  it('refuses an event name with a line break, and a profile name', async () => {
    const event = await postForm(
      t,
      '/api/v1/store-event',
      multipartForm(eventForm({ name: 'Night\r\nX-Injected: 1' })),
      host.headers,
    );
    expect(event.statusCode).toBe(422);
    expect(event.json().errors).toMatchObject({ name: [SINGLE_LINE_MSG] });
    const profile = await postForm(
      t,
      '/api/v1/update-host-profile',
      multipartForm({ name: 'Dana', display_name: 'DJ\nDana' }),
      host.headers,
    );
    expect(profile.statusCode).toBe(422);
    expect(profile.json().errors).toMatchObject({ display_name: [SINGLE_LINE_MSG] });
  });

  it('still takes names with spaces, accents and punctuation, trimmed', async () => {
    const res = await post(t, '/api/auth/signup', signupPayload({ name: '  Zoë O’Neil-Ávila  ' }));
    expect(res.statusCode).toBe(201);
  });
});
