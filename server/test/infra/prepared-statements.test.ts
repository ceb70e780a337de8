import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/infra/db.ts';
import { PREPARED } from '../../src/infra/prepared-statements.ts';
import { insertAttendanceByCode } from '../../src/live-queue/attendees.repository.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

/**
 * Hot statements are parsed and planned once per connection (named prepared
 * statements); everything else is sent as before. One pooled connection, so
 * what it keeps can be read back from `pg_prepared_statements`.
 */
describe.skipIf(!process.env.DATABASE_URL)('prepared hot statements (Postgres)', () => {
  let scratch: string;
  let database: DatabaseHandle;
  let client: pg.PoolClient;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-prepared-'));
    database = await openTestDatabase(scratch, { poolSize: 2 });
    if (!database.pool) throw new Error('expected Postgres');
    client = await database.pool.connect();
  });
  afterAll(async () => {
    client.release();
    await database.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const kept = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements'))
      .rows;

  it('prepares a statement marked PREPARED once and runs it with new values after', async () => {
    const marked = sql<{ n: number }>`${PREPARED} select ${1}::int + 1 as n`.compile(database.db);
    const first = await client.query<{ n: number }>(marked.sql, [1]);
    const second = await client.query<{ n: number }>(marked.sql, [41]);
    expect(first.rows[0]?.n).toBe(2);
    expect(second.rows[0]?.n).toBe(42);
    const statements = await kept();
    expect(statements.filter((row) => row.statement === marked.sql)).toHaveLength(1);
  });

  it('sends any other statement unnamed, keeping nothing', async () => {
    const before = (await kept()).length;
    const plain = await client.query<{ n: number }>('select $1::int * 2 as n', [21]);
    expect(plain.rows[0]?.n).toBe(42);
    expect(await kept()).toHaveLength(before);
  });

  it('keeps running after a migration adds a column, as its result columns are listed', async () => {
    await client.query('create temporary table hot (id int primary key, name text)');
    await client.query("insert into hot values (1, 'one')");
    const listed = sql`${PREPARED} select id, name from hot where id = ${1}`.compile(database.db);
    const starred = sql`${PREPARED} select * from hot where id = ${1}`.compile(database.db);
    await client.query(listed.sql, [1]);
    await client.query(starred.sql, [1]);
    await client.query('alter table hot add column added int');
    const again = await client.query<{ name: string }>(listed.sql, [1]);
    expect(again.rows[0]?.name).toBe('one');
    // Why marked statements never select `*`: Postgres refuses to run the kept plan.
    await expect(client.query(starred.sql, [1])).rejects.toThrow(/must not change result type/);
  });

  it("marks the live queue's join: one statement kept, and a second join writes nothing", async () => {
    // A pool of one connection, so the join below runs on the connection read here.
    const solo = await openTestDatabase(scratch, { poolSize: 1 });
    try {
      const host = await solo.db
        .insertInto('users')
        .values({ name: 'Host', is_guest: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      const guest = await solo.db
        .insertInto('users')
        .values({ name: 'Guest', is_guest: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await solo.db
        .insertInto('events')
        .values({
          host_id: host.id,
          name: 'Night',
          code: 'PREP42',
          start_time: new Date(),
          end_time: new Date(Date.now() + 3_600_000),
        })
        .execute();
      const joined = await insertAttendanceByCode(solo.db, 'prep42', guest.id);
      const again = await insertAttendanceByCode(solo.db, 'PREP42', guest.id);
      expect(joined?.joined_count).toBe(1);
      expect(again).toBeUndefined();
      const statements = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements`.execute(solo.db);
      expect(
        statements.rows.filter((row) => row.statement.includes('insert into event_attendees')),
      ).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});
