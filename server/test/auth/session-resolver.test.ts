import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSessionResolver,
  SESSION_CACHE_TTL_MS,
  type SessionResolver,
} from '../../src/auth/session-resolver.ts';
import { createSessionTokens } from '../../src/auth/tokens.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Each node remembers the tokens it checked, so a signed-in caller's requests
 * skip the signature check and the session read; ending a session must still
 * take effect everywhere: at once on the node that ended it, through Redis on
 * the others, and by itself once the memory's time is up.
 */
describe('the session resolver’s memory', () => {
  let t: TestApp;
  const resolvers: SessionResolver[] = [];
  let clock = Date.now();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(resolvers.map((resolver) => resolver.close()));
    await t.close();
  });

  function resolver(): SessionResolver {
    const created = createSessionResolver({
      db: t.ctx.db,
      config: t.config,
      logger: t.app.log,
      now: () => clock,
    });
    resolvers.push(created);
    return created;
  }

  async function session(expiresInMs = 3_600_000) {
    const member = await createMember(t, { name: 'Remembered' });
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + expiresInMs);
    await t.ctx.db
      .insertInto('sessions')
      .values({ id: sessionId, user_id: member.id, expires_at: expiresAt })
      .execute();
    const token = await createSessionTokens(t.config).sign(
      { sessionId, userId: member.id },
      new Date(Date.now() + 7_200_000),
    );
    return { userId: member.id, sessionId, token };
  }

  const revokeInDatabase = (sessionId: string) =>
    t.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', sessionId)
      .execute();

  it('answers a checked token from memory until its time is up, then asks the database again', async () => {
    const sessions = resolver();
    const { token, sessionId, userId } = await session();
    expect(await sessions.resolve(token)).toMatchObject({ sessionId, userId, isGuest: false });

    await revokeInDatabase(sessionId);
    // Revoked behind its back: the memory still answers (no revocation was announced)…
    expect(await sessions.resolve(token)).toMatchObject({ sessionId });
    // …until the memory's time is up.
    clock += SESSION_CACHE_TTL_MS + 1;
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('never remembers a session past its own expiry', async () => {
    const sessions = resolver();
    const { token, sessionId } = await session(10_000);
    expect(await sessions.resolve(token)).toMatchObject({ sessionId });
    await revokeInDatabase(sessionId);
    clock += 10_001;
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('forgets an ended session, and every session of a user, at once', async () => {
    const sessions = resolver();
    const one = await session();
    expect(await sessions.resolve(one.token)).not.toBeNull();
    await revokeInDatabase(one.sessionId);
    sessions.forgetSession(one.sessionId);
    expect(await sessions.resolve(one.token)).toBeNull();

    const two = await session();
    expect(await sessions.resolve(two.token)).not.toBeNull();
    await revokeInDatabase(two.sessionId);
    sessions.forgetUser(two.userId);
    expect(await sessions.resolve(two.token)).toBeNull();
  });

  it('refuses what does not check out, and remembers nothing of it', async () => {
    const sessions = resolver();
    expect(await sessions.resolve(undefined)).toBeNull();
    expect(await sessions.resolve(randomBytes(16).toString('hex'))).toBeNull();
    const { token } = await session();
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(await sessions.resolve(forged)).toBeNull();
  });

  it.skipIf(!process.env.REDIS_URL)(
    'another node forgets a session ended here, through Redis',
    async () => {
      const here = resolver();
      const there = resolver();
      const { token, sessionId } = await session();
      expect(await here.resolve(token)).not.toBeNull();
      // `there` subscribes asynchronously; it remembers only once subscribed.
      let remembered = false;
      while (!remembered) {
        expect(await there.resolve(token)).not.toBeNull();
        await revokeInDatabase(sessionId);
        remembered = (await there.resolve(token)) !== null;
        if (!remembered) {
          await t.ctx.db
            .updateTable('sessions')
            .set({ revoked_at: null })
            .where('id', '=', sessionId)
            .execute();
        }
      }

      here.forgetSession(sessionId);
      let refused = false;
      const announcedAt = Date.now();
      while (!refused && Date.now() - announcedAt < SESSION_CACHE_TTL_MS / 4) {
        // An answer from memory never leaves the microtask queue: let Redis's message in.
        await new Promise((resolve) => setImmediate(resolve));
        refused = (await there.resolve(token)) === null;
      }
      expect(refused).toBe(true);
    },
  );
});
