/**
 * Benchmark data, written straight into the database: a host with an event,
 * guest attendees with signed sessions, and (for a big event) song requests.
 * Sessions are signed here with the run's JWT secret, exactly as a login
 * would sign them, so the nodes accept them.
 */
import { randomUUID } from 'node:crypto';
import { createSessionTokens } from '../../server/src/auth/tokens.ts';
import type { Config } from '../../server/src/config.ts';
import { generateEventCode } from '../../server/src/events/event-code.ts';
import type { AppContext } from '../../server/src/infra/context.ts';
import { recountEventQueue } from '../../server/src/live-queue/queue-event.repository.ts';

const INSERT_BATCH = 500;
const SESSION_HOURS = 6;

type Db = AppContext['db'];

export interface User {
  id: number;
  token: string;
}

export interface SeededEvent {
  eventId: number;
  code: string;
  host: User;
}

function batches(total: number): Array<{ start: number; count: number }> {
  const out: Array<{ start: number; count: number }> = [];
  for (let start = 0; start < total; start += INSERT_BATCH) {
    out.push({ start, count: Math.min(INSERT_BATCH, total - start) });
  }
  return out;
}

async function startSessions(db: Db, config: Config, userIds: number[]): Promise<string[]> {
  const tokens = createSessionTokens(config);
  const expiresAt = new Date(Date.now() + SESSION_HOURS * 3600_000);
  const sessions = await Promise.all(
    userIds.map(async (userId) => {
      const id = randomUUID();
      return { id, userId, token: await tokens.sign({ sessionId: id, userId }, expiresAt) };
    }),
  );
  if (sessions.length > 0) {
    await db
      .insertInto('sessions')
      .values(sessions.map((s) => ({ id: s.id, user_id: s.userId, expires_at: expiresAt })))
      .execute();
  }
  return sessions.map((session) => session.token);
}

/** A host and an event running now. */
export async function seedEvent(db: Db, config: Config): Promise<SeededEvent> {
  const host = await db
    .insertInto('users')
    .values({
      name: 'Bench Host',
      email: `bench-host-${randomUUID()}@example.com`,
      // Never used to log in: the bench signs its own session tokens.
      password_hash: 'bench-host-cannot-log-in',
      default_login: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [hostToken = ''] = await startSessions(db, config, [host.id]);
  const now = Date.now();
  const code = generateEventCode();
  const event = await db
    .insertInto('events')
    .values({
      host_id: host.id,
      name: 'Bench Night',
      start_time: new Date(now - 3600_000),
      end_time: new Date(now + SESSION_HOURS * 3600_000),
      code,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { eventId: event.id, code, host: { id: host.id, token: hostToken } };
}

/** Guests (as most attendees arriving by QR are) with sessions; joined to `joinEventId` when given. */
export async function seedGuests(
  db: Db,
  config: Config,
  count: number,
  joinEventId?: number,
): Promise<User[]> {
  const guests: User[] = [];
  for (const { start, count: size } of batches(count)) {
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: size }, (_, index) => ({
          name: `Bench Guest ${start + index + 1}`,
          is_guest: true,
          default_login: 3 as const,
        })),
      )
      .returning('id')
      .execute();
    const ids = users.map((user) => user.id);
    const tokens = await startSessions(db, config, ids);
    if (joinEventId !== undefined) {
      await db
        .insertInto('event_attendees')
        .values(ids.map((id) => ({ event_id: joinEventId, user_id: id })))
        .execute();
      await recountEventQueue(db, joinEventId);
    }
    guests.push(...ids.map((id, index) => ({ id, token: tokens[index] ?? '' })));
  }
  return guests;
}

export interface CatalogSong {
  id: string;
  title: string;
  artist: string;
  album: string;
  duration_seconds: number;
}

export async function catalogSongs(db: Db, count: number): Promise<CatalogSong[]> {
  return db
    .selectFrom('catalog_songs')
    .select(['id', 'title', 'artist', 'album', 'duration_seconds'])
    .orderBy('id')
    .limit(count)
    .execute();
}

/**
 * `total` song requests for a big event: attendee i asks for songs i, i+1, …
 * (each attendee asks for a song once, as the API allows), so popular and
 * one-off songs mix as in a real queue. Returns the distinct songs requested.
 */
export async function seedRequests(
  db: Db,
  eventId: number,
  attendees: readonly User[],
  songs: readonly CatalogSong[],
  total: number,
): Promise<number> {
  const perAttendee = Math.ceil(total / attendees.length);
  if (perAttendee > songs.length) throw new Error('not enough songs for that many requests');
  const rows = Array.from({ length: total }, (_, index) => {
    const attendeeIndex = index % attendees.length;
    const round = Math.floor(index / attendees.length);
    // Distinct for one attendee while perAttendee <= songs.length.
    const songIndex = (attendeeIndex + round) % songs.length;
    const attendee = attendees[attendeeIndex];
    const song = songs[songIndex];
    if (!attendee || !song) throw new Error('seedRequests: out of range');
    // Played is a song's state: every request of a played song is played.
    const played = songIndex % 5 === 0;
    return {
      event_id: eventId,
      attendee_id: attendee.id,
      song_id: song.id,
      song_name: song.title,
      song_artist: song.artist,
      album_name: song.album,
      song_duration: song.duration_seconds,
      status: (played ? 1 : 0) as 0 | 1,
      played_at: played ? new Date() : null,
    };
  });
  for (const { start, count } of batches(rows.length)) {
    await db
      .insertInto('song_requests')
      .values(rows.slice(start, start + count))
      .execute();
  }
  await recountEventQueue(db, eventId);
  return new Set(rows.map((row) => row.song_id)).size;
}
