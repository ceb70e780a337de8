import { sql, type Kysely } from 'kysely';

/**
 * A fair queue the host can choose (issue 29). `events.queue_order`: how
 * waiting songs are ordered (`most_requested`, the order so far;
 * `first_come`; `fair_share`). `song_requests.turn`: how many requests the
 * guest had made in the event when this one was made, itself included
 * (1: their first), counted once, when the request is made.
 * `queue_entries.turn`: the best turn among the song's waiting requests
 * (among all of them once every one has played). Requests already made get
 * their turns in the order they were made.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('queue_order', 'text', (c) =>
      c
        .notNull()
        .defaultTo('most_requested')
        .check(sql`queue_order in ('most_requested', 'first_come', 'fair_share')`),
    )
    .execute();
  await db.schema
    .alterTable('song_requests')
    .addColumn('turn', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('queue_entries')
    .addColumn('turn', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`
    update song_requests r set turn = numbered.turn
    from (select id, row_number() over (partition by event_id, attendee_id
                                        order by created_at, id) as turn
          from song_requests) numbered
    where r.id = numbered.id
  `.execute(db);
  await sql`
    update queue_entries q set turn = coalesce(
      (select min(r.turn) from song_requests r
       where r.event_id = q.event_id and r.song_id = q.song_id and r.status = 0),
      (select min(r.turn) from song_requests r
       where r.event_id = q.event_id and r.song_id = q.song_id),
      1)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('queue_entries').dropColumn('turn').execute();
  await db.schema.alterTable('song_requests').dropColumn('turn').execute();
  await db.schema.alterTable('events').dropColumn('queue_order').execute();
}
