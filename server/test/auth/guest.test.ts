import { loginData, MSG, ROLE } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, signIn, signInGuest } from '../helpers/event-factories.ts';
import { bearer, getSession, post, sessionCookieOf } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventSeq, joined, sendRequest, softDelete } from '../requests/request-factories.ts';

describe('POST /api/v1/login-as-guest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const loginAsGuest = (payload: unknown = {}) => post(t, '/api/v1/login-as-guest', payload);
  const userExists = async (id: number) =>
    (await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  it('creates a guest with role 4, a session and the cookie', async () => {
    const res = await loginAsGuest();

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, msg: MSG.guestLoggedIn });
    const data = loginData.parse(res.json().data);
    expect(data.role).toBe(ROLE.guest);
    expect(data.user).toMatchObject({
      name: 'Guest',
      email: null,
      is_guest: true,
      role: ROLE.guest,
    });
    expect(sessionCookieOf(res)).toBe(data.access_token);
    const guest = await t.ctx.db
      .selectFrom('users')
      .select(['is_guest', 'email', 'password_hash', 'default_login'])
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(guest).toEqual({ is_guest: true, email: null, password_hash: null, default_login: 3 });

    const session = await getSession(t, bearer(data.access_token));
    expect(session.statusCode).toBe(200);
    expect(session.json().data.role).toBe(ROLE.guest);
  });

  it('ignores the email placeholder and works without a body', async () => {
    const withPlaceholder = await loginAsGuest({ email: 'placeholder' });
    expect(withPlaceholder.statusCode).toBe(200);
    expect(withPlaceholder.json().data.user.email).toBeNull();

    const withoutBody = await t.app.inject({ method: 'POST', url: '/api/v1/login-as-guest' });
    expect(withoutBody.statusCode).toBe(200);
  });

  it('names the guest by the first name given on the landing, trimmed; empty means "Guest"', async () => {
    const named = await loginAsGuest({ name: '  Mia ' });
    expect(named.statusCode).toBe(200);
    expect(named.json().data.user.name).toBe('Mia');
    expect((await loginAsGuest({ name: '' })).json().data.user.name).toBe('Guest');
  });

  it('refuses a guest name on two lines or past 40 characters, creating nobody', async () => {
    const before = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const name of ['Mia\nDrop', 'x'.repeat(41)]) {
      const res = await loginAsGuest({ name });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.name).toHaveLength(1);
    }
    const after = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('gives every guest a user of its own', async () => {
    const first = loginData.parse((await loginAsGuest()).json().data);
    const second = loginData.parse((await loginAsGuest()).json().data);
    expect(first.id).not.toBe(second.id);
  });

  it('deletes the guest and its sessions on logout', async () => {
    const guest = loginData.parse((await loginAsGuest()).json().data);

    const res = await post(t, '/api/auth/logout', {}, bearer(guest.access_token));
    expect(res.statusCode).toBe(200);
    expect(await userExists(guest.id)).toBe(false);
    const sessions = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', guest.id)
      .execute();
    expect(sessions).toEqual([]);
    expect((await getSession(t, bearer(guest.access_token))).statusCode).toBe(401);
  });

  it('a guest with requests in a deleted event still logs out, and the deleted event keeps its seq', async () => {
    const host = await signIn(t);
    const event = await insertEvent(t, host.id);
    const guest = await signInGuest(t);
    await joined(t, guest, event.code);
    expect((await sendRequest(t, guest, event.id)).statusCode).toBe(201);
    await softDelete(t, event.id);
    const seqBefore = await eventSeq(t, event.id);

    expect((await post(t, '/api/auth/logout', {}, guest.headers)).statusCode).toBe(200);
    expect(await userExists(guest.id)).toBe(false);
    expect(await eventSeq(t, event.id)).toBe(seqBefore);
  });

  it('a member’s logout keeps their song requests and bumps no event', async () => {
    const host = await signIn(t);
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    await joined(t, fan, event.code);
    expect((await sendRequest(t, fan, event.id)).statusCode).toBe(201);
    const seqBefore = await eventSeq(t, event.id);

    expect((await post(t, '/api/auth/logout', {}, fan.headers)).statusCode).toBe(200);
    expect(await eventSeq(t, event.id)).toBe(seqBefore);
    const requests = await t.ctx.db
      .selectFrom('song_requests')
      .select('id')
      .where('attendee_id', '=', fan.id)
      .execute();
    expect(requests).toHaveLength(1);
  });

  it('keeps a member when the member logs out', async () => {
    await post(t, '/api/auth/signup', {
      name: 'Stays',
      email: 'stays@example.com',
      password: 'long-enough-pw',
      password_confirmation: 'long-enough-pw',
    });
    await t.ctx.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('email', '=', 'stays@example.com')
      .execute();
    const login = await post(t, '/api/auth/login', {
      email: 'stays@example.com',
      password: 'long-enough-pw',
    });
    const member = loginData.parse(login.json().data);

    await post(t, '/api/auth/logout', {}, bearer(member.access_token));
    expect(await userExists(member.id)).toBe(true);
  });
});
