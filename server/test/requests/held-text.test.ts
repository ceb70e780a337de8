import {
  attendeeEventDetailsSchema,
  displayStateSchema,
  HELD_GUEST_NAME,
  HELD_SONG_NAME,
  hostEventDetailsSchema,
  type GroupedSongRequest,
  type RoomDelta,
} from '@floorfill/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import {
  connected,
  connectSocket,
  listenOnLoopback,
  nextPushWhere,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { joined, markRequest, sendRequest, signIn } from './request-factories.ts';

/** The words a guest typed that the room must not see until the host allows them. */
const RUDE_TITLE = 'F.u.c.k the DJ';
const RUDE_ARTIST = 'Sh1thead Crew';

/**
 * Guests' words the room should not see unasked (issue 29): a song whose
 * words the text screen holds reaches the host as typed and everyone else —
 * the big screen, other guests' phones, live and on a reconnect — as "A song
 * request", until the host allows it; a held name shows as "a guest" on the
 * big screen until the host allows it.
 */
describe('held words', () => {
  let t: TestApp;
  let host: SignedIn;
  let baseUrl: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Held Host' });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t.close();
  });

  const tokenOf = (who: SignedIn) => who.headers.authorization?.replace('Bearer ', '') ?? '';
  /** A guest's or the host's socket; with nobody, a big screen's. */
  async function open(who?: SignedIn) {
    const socket = connectSocket(baseUrl, who ? { token: tokenOf(who) } : { display: true });
    sockets.push(socket);
    await connected(socket);
    return socket;
  }

  async function night() {
    const event = await insertEvent(t, host.id, { name: 'Held Night' });
    const settings = await post(
      t,
      '/api/v1/update-request-settings',
      { event_id: event.id, display_requester_names: true },
      host.headers,
    );
    expect(settings.statusCode, settings.body).toBe(200);
    const ann = await signIn(t, { name: 'Ann Typer' });
    const cat = await signIn(t, { name: 'Cat Watcher' });
    for (const guest of [ann, cat]) await joined(t, guest, event.code);
    return { event, ann, cat };
  }

  async function requestRude(eventId: number, who: SignedIn) {
    const res = await sendRequest(t, who, eventId, {
      song_id: 'anything',
      free_text: true,
      song_name: RUDE_TITLE,
      song_artist: RUDE_ARTIST,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { grouped_song_request: GroupedSongRequest } }).data
      .grouped_song_request;
  }

  async function display(code: string) {
    const res = await get(t, `/api/v1/get-display?code=${code}`, host.headers);
    expect(res.statusCode, res.body).toBe(200);
    return displayStateSchema.parse(res.json().data);
  }

  async function guestView(eventId: number, who: SignedIn) {
    const res = await get(t, `/api/v1/get-attendee-event-details?id=${eventId}`, who.headers);
    expect(res.statusCode, res.body).toBe(200);
    return attendeeEventDetailsSchema.parse(res.json().data);
  }

  const holdsWords = (value: unknown) =>
    JSON.stringify(value).includes('the DJ') || JSON.stringify(value).includes('Crew');

  it('shows a held song to the host as typed and to everyone else as "A song request" until allowed', async () => {
    const { event, ann, cat } = await night();
    const entry = await requestRude(event.id, ann);
    expect(entry).toMatchObject({ song_name: RUDE_TITLE, song_artist: RUDE_ARTIST, held: true });
    // The guest who typed it sees their own words.
    expect((await guestView(event.id, ann)).song_requests[0]?.song_name).toBe(RUDE_TITLE);

    // The booth: the words, marked held.
    const snapshot = hostEventDetailsSchema.parse(
      (await get(t, `/api/v1/get-event-details?id=${event.id}`, host.headers)).json().data,
    );
    expect(snapshot.grouped_song_requests[0]).toMatchObject({ song_name: RUDE_TITLE, held: true });

    // The big screen and another guest's line: never the words.
    const screen = await display(event.code);
    expect(screen.up_next[0]).toMatchObject({ song_name: HELD_SONG_NAME, song_artist: null });
    expect(holdsWords(screen)).toBe(false);
    const catView = await guestView(event.id, cat);
    expect(catView.line?.songs.map(([songId]) => songId)).toEqual([entry.song_id]);
    expect(catView.line?.popular).toEqual([]);
    expect(holdsWords(catView)).toBe(false);

    // Live: a mark reaches the host with the words, the room and the big screen without.
    const hostSocket = await open(host);
    const catSocket = await open(cat);
    const screenSocket = await open();
    await subscribe(hostSocket, event.id);
    const catSubscribed = await subscribe(catSocket, event.id);
    const seen = await screenSocket.emitWithAck('display:subscribe', { code: event.code });
    expect(holdsWords(seen)).toBe(false);
    const toHost = nextPushWhere(hostSocket, 'request:upserted', (p) => p.eventId === event.id);
    const toCat = nextPushWhere(catSocket, 'request:upserted', (p) => p.eventId === event.id);
    const toScreen = nextPushWhere(screenSocket, 'display:updated', (p) => p.eventId === event.id);
    expect((await markRequest(t, host, event.id, entry.song_id, 'later')).statusCode).toBe(200);
    expect((await toHost).request).toMatchObject({ song_name: RUDE_TITLE, later: true });
    expect((await toCat).request).toMatchObject({ song_name: HELD_SONG_NAME, later: true });
    expect(holdsWords(await toCat)).toBe(false);
    expect(holdsWords(await toScreen)).toBe(false);

    // Playing it: what plays reaches the room in its neutral form too.
    const playingToCat = nextPushWhere(
      catSocket,
      'event:now-playing',
      (p) => p.eventId === event.id,
    );
    expect((await markRequest(t, host, event.id, entry.song_id, 'playing')).statusCode).toBe(200);
    expect((await playingToCat).nowPlaying).toMatchObject({ song_name: HELD_SONG_NAME });
    expect((await guestView(event.id, cat)).now_playing).toMatchObject({
      song_name: HELD_SONG_NAME,
    });

    // Back after a lock screen: the delta holds no words either.
    if (!catSubscribed.ok) throw new Error('the guest could not watch the event');
    const since = catSubscribed.data.seq;
    catSocket.disconnect();
    const back = await open(cat);
    const answer = await back.emitWithAck('event:subscribe', { eventId: event.id, since });
    if (!answer.ok) throw new Error('the guest could not watch the event again');
    const delta: RoomDelta | undefined = answer.data.delta;
    expect(delta?.nowPlaying).toMatchObject({ song_name: HELD_SONG_NAME });
    expect(holdsWords(answer)).toBe(false);

    // The host allows the words: everyone sees them.
    const allowedToCat = nextPushWhere(back, 'request:upserted', (p) => p.eventId === event.id);
    const allowed = await markRequest(t, host, event.id, entry.song_id, 'allow');
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ msg: 'Shown to the room.', data: { held: false } });
    expect((await allowedToCat).request).toMatchObject({ song_name: RUDE_TITLE, held: false });
    expect((await display(event.code)).now_playing).toMatchObject({ song_name: RUDE_TITLE });
    // Allowing did not stop it.
    expect((await guestView(event.id, cat)).now_playing?.song_id).toBe(entry.song_id);
  });

  it('passes a plain song, and shows a held name as "a guest" on the big screen until allowed', async () => {
    const { event, cat } = await night();
    const rude = await signIn(t, { name: 'B1tch Please' });
    await joined(t, rude, event.code);
    const plain = await sendRequest(t, rude, event.id, {
      song_id: 'anything',
      free_text: true,
      song_name: 'Dancing Queen',
      song_artist: 'ABBA',
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.grouped_song_request.held).toBe(false);
    expect((await guestView(event.id, cat)).line?.popular[0]?.song_name).toBe('Dancing Queen');

    const screen = await display(event.code);
    expect(screen.up_next[0]).toMatchObject({ song_name: 'Dancing Queen' });
    expect(screen.up_next[0]?.requested_by).toEqual([HELD_GUEST_NAME]);

    const attendees = await get(
      t,
      `/api/v1/get-event-attendees?event_id=${event.id}`,
      host.headers,
    );
    const listed = (
      attendees.json().data.attendees as { attendee_id: number; name: string; name_held: boolean }[]
    ).find((row) => row.attendee_id === rude.id);
    expect(listed).toMatchObject({ name: 'B1tch Please', name_held: true });

    const allowed = await post(
      t,
      '/api/v1/allow-guest-name',
      { event_id: event.id, attendee_id: rude.id },
      host.headers,
    );
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await display(event.code)).up_next[0]?.requested_by).toEqual(['B1tch']);
    // Only the host allows a name.
    const byGuest = await post(
      t,
      '/api/v1/allow-guest-name',
      { event_id: event.id, attendee_id: rude.id },
      cat.headers,
    );
    expect(byGuest.statusCode).toBe(404);
  });
});
