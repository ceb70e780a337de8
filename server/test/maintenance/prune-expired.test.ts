import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodePurpose } from '../../src/infra/database-types.ts';
import { jobHandlers } from '../../src/jobs.ts';
import {
  PRUNE_GRACE_SECONDS,
  pruneExpiredRows,
  pruneExpiredRowsJob,
} from '../../src/maintenance/prune-expired.ts';
import { createMember, uniqueEmail } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const MINUTE = 60_000;
const GRACE = PRUNE_GRACE_SECONDS * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const fromNow = (ms: number) => new Date(Date.now() + ms);

describe('pruning expired sessions and codes', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    userId = (await createMember(t)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const runPruneJob = () =>
    jobHandlers(t.ctx)['maintenance:prune'](
      {},
      {
        jobId: 'test',
        attempt: 1,
        requestId: undefined,
      },
    );

  async function insertSession(expiresAt: Date, revokedAt: Date | null = null): Promise<string> {
    const id = randomUUID();
    await t.ctx.db
      .insertInto('sessions')
      .values({ id, user_id: userId, expires_at: expiresAt, revoked_at: revokedAt })
      .execute();
    return id;
  }

  async function insertCode(expiresAt: Date, consumedAt: Date | null = null): Promise<number> {
    const row = await t.ctx.db
      .insertInto('auth_codes')
      .values({
        user_id: userId,
        purpose: 'password_reset',
        code_hash: 'not-a-real-hash',
        expires_at: expiresAt,
        consumed_at: consumedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function insertCodeRequest(lastSentAt: Date): Promise<string> {
    const email = uniqueEmail('cooldown');
    const purpose: CodePurpose = 'email_verification';
    await t.ctx.db
      .insertInto('code_requests')
      .values({ email, purpose, last_sent_at: lastSentAt })
      .execute();
    return email;
  }

  const sessionIds = async () =>
    (await t.ctx.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
  const codeIds = async () =>
    (await t.ctx.db.selectFrom('auth_codes').select('id').execute()).map((row) => row.id);
  const codeRequestEmails = async () =>
    (await t.ctx.db.selectFrom('code_requests').select('email').execute()).map((row) => row.email);

  it('deletes sessions that ended more than a day ago and keeps live and recently ended ones', async () => {
    const live = await insertSession(fromNow(60 * MINUTE));
    const expiredLately = await insertSession(ago(GRACE - 10 * MINUTE));
    const expiredLongAgo = await insertSession(ago(GRACE + 10 * MINUTE));
    const revokedLately = await insertSession(fromNow(60 * MINUTE), ago(60 * MINUTE));
    const revokedLongAgo = await insertSession(fromNow(60 * MINUTE), ago(GRACE + 10 * MINUTE));

    await runPruneJob();

    const left = await sessionIds();
    expect(left).toEqual(expect.arrayContaining([live, expiredLately, revokedLately]));
    expect(left).not.toContain(expiredLongAgo);
    expect(left).not.toContain(revokedLongAgo);
  });

  it('deletes codes that expired more than a day ago, used or not, and keeps the rest', async () => {
    const valid = await insertCode(fromNow(10 * MINUTE));
    const expiredLately = await insertCode(ago(GRACE - 10 * MINUTE));
    const expiredLongAgo = await insertCode(ago(GRACE + 10 * MINUTE));
    const usedLongAgo = await insertCode(ago(GRACE + 10 * MINUTE), ago(GRACE + 15 * MINUTE));

    await runPruneJob();

    const left = await codeIds();
    expect(left).toEqual(expect.arrayContaining([valid, expiredLately]));
    expect(left).not.toContain(expiredLongAgo);
    expect(left).not.toContain(usedLongAgo);
  });

  it('deletes resend cooldowns that ended more than a day ago and keeps the rest', async () => {
    const running = await insertCodeRequest(ago(MINUTE));
    // Sent a day and 90 s ago: its 120 s cooldown ended less than a day ago.
    const endedLately = await insertCodeRequest(ago(GRACE + 90_000));
    const endedLongAgo = await insertCodeRequest(ago(GRACE + 10 * MINUTE));

    await runPruneJob();

    const left = await codeRequestEmails();
    expect(left).toEqual(expect.arrayContaining([running, endedLately]));
    expect(left).not.toContain(endedLongAgo);
  });

  it('deletes in batches until nothing past the grace is left, and counts every row', async () => {
    const expired = [];
    for (let index = 0; index < 5; index += 1) {
      expired.push(await insertSession(ago(GRACE + (index + 1) * MINUTE)));
    }
    const codes = [await insertCode(ago(GRACE + MINUTE)), await insertCode(ago(GRACE + MINUTE))];
    const live = await insertSession(fromNow(MINUTE));

    const counts = await pruneExpiredRows(t.ctx.db, 2);

    expect(counts).toEqual({
      sessions: 5,
      auth_codes: 2,
      code_requests: 0,
      request_keys: 0,
      push_subscriptions: 0,
    });
    const left = await sessionIds();
    expect(left).toContain(live);
    for (const id of expired) expect(left).not.toContain(id);
    for (const id of codes) expect(await codeIds()).not.toContain(id);
  });

  it('logs how many rows of each table it deleted', async () => {
    await insertSession(ago(GRACE + MINUTE));
    await insertCodeRequest(ago(GRACE + 10 * MINUTE));
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const job = pruneExpiredRowsJob({ db: t.ctx.db, logger: pino({ level: 'info' }, sink) });

    await job({}, { jobId: 'logged', attempt: 1, requestId: undefined });

    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'expired rows pruned',
        deleted: {
          sessions: 1,
          auth_codes: 0,
          code_requests: 1,
          request_keys: 0,
          push_subscriptions: 0,
        },
      }),
    );
  });
});
