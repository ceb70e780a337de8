import {
  BRIDGE_KEYS_PER_EVENT,
  BRIDGE_MSG,
  bridgeKeySchema,
  bridgePanelData,
  bridgeTrackId,
  hostEventDetailsSchema,
  isUnrequestedSongId,
  pairBridgeData,
  reportTrackData,
  type BridgeSource,
} from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/factories.ts';
import { get, insertEvent, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  eventSeq,
  GET_READY,
  joined,
  sendRequest,
  signIn,
  signInMany,
} from '../requests/request-factories.ts';

/**
 * Following the decks (issue 28), the server's side: the booth makes a
 * bridge key whose pairing code the bridge exchanges for a token; the token
 * reports tracks for that one event and is refused everywhere else; while
 * the host follows the decks, a reported track marks the matching waiting
 * song playing (the one before it played), through the booth's own mark.
 */
describe('the decks bridge', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A live event of the host with Bohemian Rhapsody, Agadoo and Get Ready requested. */
  async function night() {
    const event = await insertEvent(t, host.id, { name: 'Deck Night' });
    const [fan] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, fan, event.code);
    for (const song of [
      { song_id: BOHEMIAN.song_id },
      { song_id: AGADOO },
      { song_id: GET_READY },
    ]) {
      expect((await sendRequest(t, fan, event.id, song)).statusCode).toBe(201);
    }
    return event;
  }

  async function newKey(eventId: number, who: SignedIn = host) {
    return post(t, '/api/v1/create-bridge-key', { event_id: eventId }, who.headers);
  }

  /** A paired bridge's token for the event. */
  async function paired(eventId: number): Promise<string> {
    const made = await newKey(eventId);
    expect(made.statusCode, made.body).toBe(201);
    const { pairing_code: code } = bridgeKeySchema.parse(made.json().data);
    const res = await post(t, '/api/v1/bridge/pair', { pairing_code: code });
    expect(res.statusCode, res.body).toBe(200);
    return pairBridgeData.parse(res.json().data).token;
  }

  const follow = async (eventId: number, on: boolean) => {
    const res = await post(
      t,
      '/api/v1/update-deck-settings',
      { event_id: eventId, follow_decks: on },
      host.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
  };

  let minute = 0;
  /** A track start as a bridge reports it; each one a minute after the one before. */
  function track(title: string, artist: string, source: BridgeSource = 'virtualdj') {
    minute += 1;
    const startedAt = new Date(Date.UTC(2026, 10, 28, 22, minute));
    return {
      id: bridgeTrackId({ source, deck: '1', startedAt, artist, title }),
      title,
      artist,
      started_at: startedAt.toISOString(),
      deck: '1',
      source,
    };
  }

  const report = async (token: string, body: unknown) => {
    const res = await post(t, '/api/v1/bridge/tracks', body, bearer(token));
    expect(res.statusCode, res.body).toBe(200);
    return reportTrackData.parse(res.json().data);
  };

  async function hostView(eventId: number) {
    const res = await get(t, `/api/v1/get-event-details?id=${eventId}`, host.headers);
    expect(res.statusCode).toBe(200);
    return hostEventDetailsSchema.parse(res.json().data);
  }

  it('pairs once with the code the booth showed, which the panel never shows again', async () => {
    const event = await night();
    const made = await newKey(event.id);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().msg).toBe(BRIDGE_MSG.keyCreated);
    const key = bridgeKeySchema.parse(made.json().data);
    expect(key.pairing_code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);

    const panel = await get(t, `/api/v1/get-bridge-panel?event_id=${event.id}`, host.headers);
    expect(panel.statusCode).toBe(200);
    const listed = bridgePanelData.parse(panel.json().data);
    expect(listed.keys).toEqual([expect.objectContaining({ id: key.id, pairing_code: null })]);
    expect(listed.settings).toEqual({ follow_decks: false, play_seconds: 30 });

    // Typed as a person types it: lower case, without the dash.
    const typed = (key.pairing_code ?? '').replace('-', '').toLowerCase();
    const res = await post(t, '/api/v1/bridge/pair', { pairing_code: typed });
    expect(res.statusCode, res.body).toBe(200);
    const data = pairBridgeData.parse(res.json().data);
    expect(data.event).toEqual({ id: event.id, name: 'Deck Night', code: event.code });
    expect(data.token).toMatch(/^ffb_/);
    // Nothing secret is kept in clear.
    const row = await t.ctx.db
      .selectFrom('bridge_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(data.token);
    expect(row.pairing_code_hash).toBeNull();

    const again = await post(t, '/api/v1/bridge/pair', { pairing_code: typed });
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(BRIDGE_MSG.pairingCodeInvalid);
  });

  it('refuses an expired code, a malformed one, and keys beyond the event’s few', async () => {
    const event = await insertEvent(t, host.id);
    const key = bridgeKeySchema.parse((await newKey(event.id)).json().data);
    await t.ctx.db
      .updateTable('bridge_keys')
      .set({ pairing_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', key.id)
      .execute();
    const expired = await post(t, '/api/v1/bridge/pair', { pairing_code: key.pairing_code });
    expect(expired.statusCode).toBe(404);

    const malformed = await post(t, '/api/v1/bridge/pair', { pairing_code: 'O0O0-1111' });
    expect(malformed.statusCode).toBe(422);

    for (let index = 1; index < BRIDGE_KEYS_PER_EVENT; index += 1) {
      expect((await newKey(event.id)).statusCode).toBe(201);
    }
    const tooMany = await newKey(event.id);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().msg).toBe(BRIDGE_MSG.tooManyKeys);
  });

  it('lets only the event’s host make, list and revoke keys', async () => {
    const event = await insertEvent(t, host.id);
    const other = await signIn(t, { name: 'Other Host' });
    const guest = await signInGuest(t);
    expect((await newKey(event.id, other)).statusCode).toBe(404);
    expect((await newKey(event.id, guest)).statusCode).toBe(403);
    expect(
      (await get(t, `/api/v1/get-bridge-panel?event_id=${event.id}`, other.headers)).statusCode,
    ).toBe(404);
    const key = bridgeKeySchema.parse((await newKey(event.id)).json().data);
    const revokeAsOther = await post(
      t,
      '/api/v1/revoke-bridge-key',
      { event_id: event.id, key_id: key.id },
      other.headers,
    );
    expect(revokeAsOther.statusCode).toBe(404);
    const settingsAsOther = await post(
      t,
      '/api/v1/update-deck-settings',
      { event_id: event.id, follow_decks: true },
      other.headers,
    );
    expect(settingsAsOther.statusCode).toBe(404);
    const tooShort = await post(
      t,
      '/api/v1/update-deck-settings',
      { event_id: event.id, follow_decks: true, play_seconds: 3 },
      host.headers,
    );
    expect(tooShort.statusCode).toBe(422);
    const panel = await get(t, `/api/v1/get-bridge-panel?event_id=${event.id}`, host.headers);
    expect(bridgePanelData.parse(panel.json().data).settings).toEqual({
      follow_decks: false,
      play_seconds: 30,
    });
  });

  it('a bridge token reports tracks and reads its settings, and is refused everywhere else', async () => {
    const event = await night();
    const token = await paired(event.id);
    const status = await get(t, '/api/v1/bridge/status?source=serato', bearer(token));
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toEqual({ follow_decks: false, play_seconds: 30 });

    for (const [method, url, payload] of [
      ['GET', `/api/v1/get-event-details?id=${event.id}`, undefined],
      ['GET', `/api/v1/get-bridge-panel?event_id=${event.id}`, undefined],
      ['GET', '/api/auth/session', undefined],
      ['POST', '/api/v1/create-bridge-key', { event_id: event.id }],
      ['POST', '/api/v1/update-deck-settings', { event_id: event.id, follow_decks: true }],
      [
        'POST',
        '/api/v1/mark-as-song-request',
        { event_id: event.id, song_id: AGADOO, mark_as: 'playing' },
      ],
      ['POST', '/api/v1/send-song-request', { event_id: event.id, song_id: AGADOO }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: bearer(token) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(401);
    }
    // The host's session is no bridge token either.
    const asHost = await post(
      t,
      '/api/v1/bridge/tracks',
      track('Agadoo', 'Black Lace'),
      host.headers,
    );
    expect(asHost.statusCode).toBe(401);
    const noToken = await post(t, '/api/v1/bridge/tracks', track('Agadoo', 'Black Lace'));
    expect(noToken.statusCode).toBe(401);
  });

  it('marks nothing while the host does not follow the decks, and keeps the track', async () => {
    const event = await night();
    const token = await paired(event.id);
    const seq = await eventSeq(t, event.id);
    const answer = await report(token, track('Agadoo', 'Black Lace'));
    expect(answer).toMatchObject({ outcome: 'not-following', repeated: false });
    expect(await eventSeq(t, event.id)).toBe(seq);
    expect((await hostView(event.id)).now_playing).toBeNull();
    const panel = bridgePanelData.parse(
      (await get(t, `/api/v1/get-bridge-panel?event_id=${event.id}`, host.headers)).json().data,
    );
    expect(panel.tracks).toEqual([
      expect.objectContaining({ title: 'Agadoo', artist: 'Black Lace', outcome: 'not-following' }),
    ]);
    expect(panel.keys[0]).toMatchObject({ source: 'virtualdj' });
    expect(panel.keys[0]?.last_seen_at).not.toBeNull();
  });

  it('while following, a played track marks its song playing and the one before played; a resend changes nothing', async () => {
    const event = await night();
    const token = await paired(event.id);
    await follow(event.id, true);

    const first = await report(token, track('Bohemian Rhapsody - Remastered 2011', 'Queen'));
    expect(first).toMatchObject({ outcome: 'marked', song_id: BOHEMIAN.song_id, repeated: false });
    expect((await hostView(event.id)).now_playing?.song_id).toBe(BOHEMIAN.song_id);

    const next = track('Agadoo (Original Mix)', 'Black Lace');
    expect(await report(token, next)).toMatchObject({ outcome: 'marked', song_id: AGADOO });
    const view = await hostView(event.id);
    expect(view.now_playing?.song_id).toBe(AGADOO);
    const bohemian = view.grouped_song_requests.find((entry) => entry.song_id === BOHEMIAN.song_id);
    expect(bohemian?.status).toBe(1);

    // The panel knows what each mark moved on from: the booth's undo plays it again.
    const panel = bridgePanelData.parse(
      (await get(t, `/api/v1/get-bridge-panel?event_id=${event.id}`, host.headers)).json().data,
    );
    expect(panel.tracks.map((row) => [row.song_id, row.previous_song_id])).toEqual([
      [AGADOO, BOHEMIAN.song_id],
      [BOHEMIAN.song_id, null],
    ]);

    const seq = await eventSeq(t, event.id);
    expect(await report(token, next)).toMatchObject({ outcome: 'marked', repeated: true });
    expect(await eventSeq(t, event.id)).toBe(seq);
  });

  it('a boost on a song the decks play is charged, as when the booth plays it (issue 30)', async () => {
    expect((await post(t, '/api/v1/connect-stripe-account', {}, host.headers)).statusCode).toBe(
      200,
    );
    const event = await insertEvent(t, host.id, { name: 'Boosted Deck Night' });
    const settings = { event_id: event.id, boosts_enabled: true, boost_counts_after_seconds: 0 };
    expect(
      (await post(t, '/api/v1/update-request-settings', settings, host.headers)).statusCode,
    ).toBe(200);
    const [fan] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, fan, event.code);
    expect((await sendRequest(t, fan, event.id, { song_id: AGADOO })).statusCode).toBe(201);
    const made = await post(
      t,
      '/api/v1/boosts',
      { event_id: event.id, song_id: AGADOO, amount: 300 },
      fan.headers,
    );
    expect(made.statusCode, made.body).toBe(201);
    const checkout = new URL(made.json().data.checkout_url).pathname;
    expect(
      (await t.app.inject({ method: 'POST', url: `${checkout}/pay`, payload: {} })).statusCode,
    ).toBe(303);

    const token = await paired(event.id);
    await follow(event.id, true);
    expect(await report(token, track('Agadoo', 'Black Lace'))).toMatchObject({
      outcome: 'marked',
      song_id: AGADOO,
    });
    await t.ctx.queue.idle();
    const mine = await get(t, `/api/v1/boosts/mine?event_id=${event.id}`, fan.headers);
    expect(mine.json().data.boosts).toMatchObject([{ song_id: AGADOO, state: 'charged' }]);
  });

  const markAs = (eventId: number, songId: string, mark: string) =>
    post(
      t,
      '/api/v1/mark-as-song-request',
      { event_id: eventId, song_id: songId, mark_as: mark },
      host.headers,
    );

  it('a track nobody asked for plays as itself and ends the song before it; a late report moves nothing', async () => {
    const event = await night();
    const token = await paired(event.id);
    await follow(event.id, true);
    const early = track('Get Ready for This', '2 Unlimited');
    await report(token, track('Agadoo', 'Black Lace'));

    const unrequested = await report(token, track('Blue Monday', 'New Order'));
    expect(unrequested).toMatchObject({ outcome: 'unmatched', song_id: null });
    const view = await hostView(event.id);
    expect(view.now_playing).toMatchObject({
      song_name: 'Blue Monday',
      song_artist: 'New Order',
      requested: false,
      request_count: 0,
    });
    const trackId = view.now_playing?.song_id ?? '';
    expect(isUnrequestedSongId(trackId)).toBe(true);
    expect(view.grouped_song_requests.find((entry) => entry.song_id === AGADOO)?.status).toBe(1);
    expect(view.grouped_song_requests.some((entry) => entry.song_id === trackId)).toBe(false);
    // The big screen shows it playing too.
    const display = await get(t, `/api/v1/get-display?code=${event.code}`, host.headers);
    expect(display.json().data.now_playing).toMatchObject({ song_name: 'Blue Monday' });

    // The panel's undo has no requested song to play again.
    const panel = bridgePanelData.parse(
      (await get(t, `/api/v1/get-bridge-panel?event_id=${event.id}`, host.headers)).json().data,
    );
    expect(panel.tracks[0]).toMatchObject({ outcome: 'unmatched', previous_song_id: AGADOO });

    // Started before the tracks already reported (a second bridge, a late resend).
    expect(await report(token, early)).toMatchObject({ outcome: 'superseded' });
    expect((await hostView(event.id)).now_playing?.song_id).toBe(trackId);

    // A guest cannot request it by its id; the booth can only end it (P), once.
    const [guest] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, guest, event.code);
    expect((await sendRequest(t, guest, event.id, { song_id: trackId })).statusCode).toBe(422);
    expect((await markAs(event.id, trackId, 'later')).statusCode).toBe(404);
    const ended = await markAs(event.id, trackId, 'played');
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await hostView(event.id)).now_playing).toBeNull();
    expect((await markAs(event.id, trackId, 'played')).statusCode).toBe(404);

    // The set list holds what played in play order: the request, then the track nobody asked for.
    const csv = await get(t, `/api/v1/export-set-list?event_id=${event.id}`, host.headers);
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\r\n').slice(1);
    expect(
      rows.map((row) =>
        row
          .split(',')
          .slice(3, 5)
          .concat(row.split(',')[6] ?? ''),
      ),
    ).toEqual([
      ['Agadoo', 'Black Lace', '1'],
      ['Blue Monday', 'New Order', '0'],
    ]);
    const m3u = await get(
      t,
      `/api/v1/export-set-list?event_id=${event.id}&format=m3u`,
      host.headers,
    );
    expect(m3u.body).toContain('#EXTINF:-1,New Order - Blue Monday\nNew Order - Blue Monday\n');
    const summary = await get(t, `/api/v1/get-night-summary?event_id=${event.id}`, host.headers);
    expect(summary.json().data).toMatchObject({ songs_played: 1, played_not_requested: 1 });
  });

  it('refuses a revoked key and a deleted event’s, and input that is not a track', async () => {
    const event = await night();
    const token = await paired(event.id);
    const bad = await post(
      t,
      '/api/v1/bridge/tracks',
      { ...track('Agadoo', 'Black Lace'), title: 'Aga\u0000doo' },
      bearer(token),
    );
    expect(bad.statusCode).toBe(422);
    const noId = await post(
      t,
      '/api/v1/bridge/tracks',
      { ...track('Agadoo', 'Black Lace'), id: 'nope' },
      bearer(token),
    );
    expect(noId.statusCode).toBe(422);
    expect(
      await t.ctx.db
        .selectFrom('deck_tracks')
        .selectAll()
        .where('event_id', '=', event.id)
        .execute(),
    ).toEqual([]);

    const panel = bridgePanelData.parse(
      (await get(t, `/api/v1/get-bridge-panel?event_id=${event.id}`, host.headers)).json().data,
    );
    const keyId = panel.keys[0]?.id;
    const revoked = await post(
      t,
      '/api/v1/revoke-bridge-key',
      { event_id: event.id, key_id: keyId },
      host.headers,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await post(
      t,
      '/api/v1/bridge/tracks',
      track('Agadoo', 'Black Lace'),
      bearer(token),
    );
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe(BRIDGE_MSG.revoked);
    const listed = bridgePanelData.parse(
      (await get(t, `/api/v1/get-bridge-panel?event_id=${event.id}`, host.headers)).json().data,
    );
    expect(listed.keys).toEqual([]);
  });
});
