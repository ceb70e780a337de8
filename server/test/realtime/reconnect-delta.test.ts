import { inflateRawSync } from 'node:zlib';
import {
  applyQueueChanges,
  attendeeEventDetailsSchema,
  DEFLATE_DELTAS_FROM_BYTES,
  DELTA_ENCODING,
  hostEventDetailsSchema,
  type HostEventDetails,
  type RoomDelta,
} from '@floorfill/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import {
  connected,
  connectSocket,
  listenOnLoopback,
  type TestSocket,
} from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** What `ws` keeps under a WebSocket: the TCP socket, whose byte count is what crossed the wire. */
interface WireSocket {
  extensions: string;
  _socket: { bytesRead: number };
}
import {
  AGADOO,
  BOHEMIAN,
  cancelRequest,
  GET_READY,
  itunesSong,
  joined,
  markRequest,
  sendRequest,
  signIn,
  signInMany,
} from '../requests/request-factories.ts';

/**
 * A client that comes back (new socket) names the seq of the snapshot it
 * holds and gets what it missed as one delta, which must bring its snapshot
 * to exactly what a fresh one shows, or no delta when the server cannot prove
 * it has every write since.
 */
describe('reconnecting with the seq of the snapshot held', () => {
  let t: TestApp;
  let baseUrl: string;
  let host: SignedIn;
  const sockets: TestSocket[] = [];

  const tokenOf = (who: SignedIn) => who.headers.authorization?.replace('Bearer ', '') ?? '';
  async function rejoin(who: SignedIn, eventId: number, since?: number) {
    const socket = connectSocket(baseUrl, { token: tokenOf(who) });
    sockets.push(socket);
    await connected(socket);
    const answer = await socket.emitWithAck('event:subscribe', {
      eventId,
      ...(since === undefined ? {} : { since }),
    });
    socket.disconnect();
    if (!answer.ok) throw new Error(`subscribe refused: ${answer.error}`);
    return answer.data;
  }

  async function hostSnapshot(eventId: number): Promise<HostEventDetails> {
    const res = await get(t, `/api/v1/get-event-details?id=${eventId}`, host.headers);
    expect(res.statusCode).toBe(200);
    return hostEventDetailsSchema.parse(res.json().data);
  }

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('the host’s delta turns the old snapshot into the new one: counts, marks, removals, joins', async () => {
    const event = await insertEvent(t, host.id);
    const [ana, ben, cat] = (await signInMany(t, 3)) as [SignedIn, SignedIn, SignedIn];
    await joined(t, ana, event.code);
    await joined(t, ben, event.code);
    expect((await sendRequest(t, ana, event.id)).statusCode).toBe(201);
    expect((await sendRequest(t, ana, event.id, { song_id: AGADOO })).statusCode).toBe(201);
    const before = await hostSnapshot(event.id);

    // Away: a join, requests that move counts, a new song, a cancel that empties a song, a mark.
    await joined(t, cat, event.code);
    expect((await sendRequest(t, ben, event.id)).statusCode).toBe(201);
    expect((await sendRequest(t, cat, event.id)).statusCode).toBe(201);
    expect((await sendRequest(t, cat, event.id, { song_id: GET_READY })).statusCode).toBe(201);
    expect((await cancelRequest(t, ana, event.id, AGADOO)).statusCode).toBe(200);
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played')).statusCode).toBe(200);

    const answer = await rejoin(host, event.id, before.seq);
    const after = await hostSnapshot(event.id);
    expect(answer.seq).toBe(after.seq);
    const delta = answer.delta as RoomDelta;
    expect(delta).toMatchObject({ fromSeq: before.seq, toSeq: after.seq });
    expect(delta.removed).toEqual([AGADOO]);
    expect(delta.stats).toEqual({
      joined: after.enrolled_users_count,
      requests: after.song_requests_count,
    });
    expect(applyQueueChanges(before.grouped_song_requests, delta, 'most_requested')).toEqual(
      after.grouped_song_requests,
    );
    // One entry per song, however many writes touched it.
    expect(delta.upserted.map((song) => song.song_id).sort()).toEqual(
      [BOHEMIAN.song_id, GET_READY].sort(),
    );
  });

  it('a song that only got more requests while the host was away comes back as its counts alone', async () => {
    const event = await insertEvent(t, host.id);
    const [ana, ben, cat] = (await signInMany(t, 3)) as [SignedIn, SignedIn, SignedIn];
    for (const guest of [ana, ben, cat]) await joined(t, guest, event.code);
    expect((await sendRequest(t, ana, event.id)).statusCode).toBe(201);
    const before = await hostSnapshot(event.id);

    expect((await sendRequest(t, ben, event.id)).statusCode).toBe(201);
    expect((await sendRequest(t, cat, event.id)).statusCode).toBe(201);
    expect((await sendRequest(t, ben, event.id, { song_id: AGADOO })).statusCode).toBe(201);

    const delta = (await rejoin(host, event.id, before.seq)).delta as RoomDelta;
    const after = await hostSnapshot(event.id);
    // Its counts only: another request may bring a dedication or a better turn, nothing else moves.
    expect(delta.recounted).toEqual([
      { song_id: BOHEMIAN.song_id, request_count: 3, dedication_count: 0, turn: 1 },
    ]);
    expect(delta.upserted.map((song) => song.song_id)).toEqual([AGADOO]);
    expect(applyQueueChanges(before.grouped_song_requests, delta, 'most_requested')).toEqual(
      after.grouped_song_requests,
    );
  });

  it('an attendee’s delta carries the host’s marks and details, not other people’s counts', async () => {
    const event = await insertEvent(t, host.id);
    const [ana, ben] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    await joined(t, ana, event.code);
    await joined(t, ben, event.code);
    expect((await sendRequest(t, ana, event.id)).statusCode).toBe(201);
    const res = await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`, ana.headers);
    const before = attendeeEventDetailsSchema.parse(res.json().data);

    expect((await sendRequest(t, ben, event.id, { song_id: AGADOO })).statusCode).toBe(201);
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played')).statusCode).toBe(200);
    expect((await sendRequest(t, ben, event.id, { song_id: GET_READY })).statusCode).toBe(201);

    const answer = await rejoin(ana, event.id, before.seq);
    expect(answer.delta).toMatchObject({
      fromSeq: before.seq,
      toSeq: answer.seq,
      removed: [],
      stats: { joined: 2, requests: 3 },
    });
    expect(answer.delta?.upserted).toEqual([
      expect.objectContaining({ song_id: BOHEMIAN.song_id, status: 1 }),
    ]);
  });

  it('an attendee’s delta names their own requests the host rejected while they were away', async () => {
    const event = await insertEvent(t, host.id);
    const [ana, ben] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    await joined(t, ana, event.code);
    await joined(t, ben, event.code);
    expect((await sendRequest(t, ana, event.id)).statusCode).toBe(201);
    expect((await sendRequest(t, ana, event.id, { song_id: AGADOO })).statusCode).toBe(201);
    expect((await sendRequest(t, ben, event.id, { song_id: GET_READY })).statusCode).toBe(201);
    const details = async (who: SignedIn) => {
      const res = await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`, who.headers);
      return attendeeEventDetailsSchema.parse(res.json().data);
    };
    const before = await details(ana);

    // Away: the DJ turns down Ana's Agadoo and Ben's song.
    expect((await markRequest(t, host, event.id, AGADOO, 'reject')).statusCode).toBe(200);
    expect((await markRequest(t, host, event.id, GET_READY, 'reject')).statusCode).toBe(200);

    const delta = (await rejoin(ana, event.id, before.seq)).delta as RoomDelta;
    expect(delta.removed.sort()).toEqual([AGADOO, GET_READY].sort());
    // Only her own, as the snapshot has them: never another guest's request.
    expect(delta.rejected).toEqual((await details(ana)).rejected_requests);
    expect(delta.rejected?.map((request) => request.song_id)).toEqual([AGADOO]);

    // Nothing left the queue: nothing to say about rejections.
    const later = await details(ana);
    expect((await sendRequest(t, ben, event.id, { song_id: BOHEMIAN.song_id })).statusCode).toBe(
      201,
    );
    expect((await rejoin(ana, event.id, later.seq)).delta).not.toHaveProperty('rejected');
  });

  it('no delta without a seq, or when a write since is not in the log: the client fetches the snapshot', async () => {
    const event = await insertEvent(t, host.id);
    const [ana] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, ana, event.code);
    const before = await hostSnapshot(event.id);
    expect(await rejoin(host, event.id)).toEqual({ seq: before.seq });
    // Nothing happened since: an empty delta (nothing to fetch).
    expect((await rejoin(host, event.id, before.seq)).delta).toMatchObject({
      upserted: [],
      removed: [],
      toSeq: before.seq,
    });

    // A seq moved by a write that pushed nothing (written around the live queue).
    await t.ctx.db
      .updateTable('events')
      .set({ seq: sql<string>`seq + 1` })
      .where('id', '=', event.id)
      .execute();
    expect((await sendRequest(t, ana, event.id)).statusCode).toBe(201);
    expect(await rejoin(host, event.id, before.seq)).toEqual({ seq: before.seq + 2 });
  });

  it('a big catch-up answer travels deflated to a client that can inflate it, a third of its JSON or less', async () => {
    const event = await insertEvent(t, host.id);
    const guests = await signInMany(t, 4, 'Crowd');
    for (const guest of guests) await joined(t, guest, event.code);
    const before = await hostSnapshot(event.id);
    for (const [index, guest] of guests.entries()) {
      for (let song = 0; song < 10; song += 1) {
        const res = await sendRequest(t, guest, event.id, itunesSong(`${index}-${song}`));
        expect(res.statusCode).toBe(201);
      }
    }

    /** The subscribe answer and the bytes it took on the wire. */
    const subscribeMeasured = async (inflate: boolean, since = before.seq) => {
      const socket = connectSocket(baseUrl, { token: tokenOf(host) });
      sockets.push(socket);
      await connected(socket);
      const ws = (socket.io.engine.transport as unknown as { ws: WebSocket & WireSocket }).ws;
      // No socket keeps a compressor: nothing is negotiated on the WebSocket itself.
      expect(ws.extensions).toBe('');
      const readBefore = ws._socket.bytesRead;
      const answer = await socket.emitWithAck('event:subscribe', {
        eventId: event.id,
        since,
        ...(inflate ? { inflate: DELTA_ENCODING } : {}),
      });
      const onTheWire = ws._socket.bytesRead - readBefore;
      socket.disconnect();
      if (!answer.ok) throw new Error(answer.error);
      return { answer: answer.data, onTheWire };
    };

    // A client that did not ask (an older app) gets the delta as JSON.
    const plain = await subscribeMeasured(false);
    expect(plain.answer.deltaDeflated).toBeUndefined();
    expect(plain.answer.delta?.upserted).toHaveLength(40);
    const asJson = Buffer.byteLength(JSON.stringify(plain.answer.delta));
    expect(asJson).toBeGreaterThan(DEFLATE_DELTAS_FROM_BYTES);

    const packed = await subscribeMeasured(true);
    expect(packed.answer.delta).toBeUndefined();
    const deflated = packed.answer.deltaDeflated;
    if (!(deflated instanceof Uint8Array)) throw new Error('no deflated delta');
    expect(JSON.parse(inflateRawSync(deflated).toString('utf8'))).toEqual(plain.answer.delta);
    expect(packed.onTheWire).toBeLessThan(asJson / 3);

    // A small delta stays JSON, asked or not: compressing it would cost more than it saves.
    expect(
      (await sendRequest(t, guests[0] as SignedIn, event.id, { song_id: AGADOO })).statusCode,
    ).toBe(201);
    const small = await subscribeMeasured(true, packed.answer.seq);
    expect(small.answer.deltaDeflated).toBeUndefined();
    expect(small.answer.delta?.upserted).toEqual([expect.objectContaining({ song_id: AGADOO })]);
  });

  it('refuses a malformed seq without joining the room', async () => {
    const event = await insertEvent(t, host.id);
    const socket = connectSocket(baseUrl, { token: tokenOf(host) });
    sockets.push(socket);
    await connected(socket);
    for (const since of [-1, 1.5, 'x', Number.MAX_SAFE_INTEGER + 2]) {
      expect(
        await socket.emitWithAck('event:subscribe', { eventId: event.id, since } as never),
      ).toMatchObject({ ok: false });
    }
    socket.disconnect();
  });
});
