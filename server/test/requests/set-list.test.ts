import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_LIST_CSV_HEADER } from '../../src/requests/set-list.ts';
import {
  get,
  insertEvent,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  GET_READY,
  itunesSong,
  joined,
  markRequest,
  sendRequest,
  signInMany,
} from './request-factories.ts';

/**
 * After the night: the played songs in play order, as CSV for a spreadsheet
 * or M3U for DJ software, for the event's host only. Titles come from guests,
 * so a title that looks like a formula stays text.
 */
describe('export-set-list', () => {
  let t: TestApp;
  let host: SignedIn;
  let event: { id: number; code: string };
  const FORMULA = '=HYPERLINK("https://evil.example","Click")';

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    event = await insertEvent(t, host.id, { timezone: 'Europe/Lisbon' });
    const [ana, ben] = (await signInMany(t, 2)) as [SignedIn, SignedIn];
    await joined(t, ana, event.code);
    await joined(t, ben, event.code);
    await sendRequest(t, ana, event.id, { song_id: AGADOO });
    await sendRequest(t, ana, event.id);
    await sendRequest(t, ben, event.id, { song_id: BOHEMIAN.song_id, message: 'For Ana' });
    await sendRequest(t, ben, event.id, { song_id: GET_READY });
    await sendRequest(
      t,
      ben,
      event.id,
      itunesSong('f', { song_name: FORMULA, song_artist: 'Line\nBreak' }),
    );
    // Played in this order; GET_READY stays in the queue.
    for (const songId of [BOHEMIAN.song_id, 'itunes-f', AGADOO]) {
      expect((await markRequest(t, host, event.id, songId, 'played')).statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const exportList = (who: SignedIn, query: string) =>
    get(t, `/api/v1/export-set-list?event_id=${event.id}${query}`, who.headers);

  it('downloads the played songs as CSV, in play order, with their requests, requesters and dedications', async () => {
    const res = await exportList(host, '&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="floorfill-set-list-${event.code}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(SET_LIST_CSV_HEADER.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^1,\d{4}-.+Z,\d{2}:\d{2},Bohemian Rhapsody,Queen,A Night at the Opera,2,2,1,cat-queen--bohemian-rhapsody$/,
    );
    // The formula stays text, and the line break stays inside its quoted cell.
    expect(lines[2]).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(lines[2]).toContain('"Line\nBreak"');
    expect(lines[3]).toMatch(/^3,.*Agadoo/);
    expect(res.body).not.toContain('Get Ready');
  });

  it('downloads an M3U playlist of the same songs', async () => {
    const res = await exportList(host, '&format=m3u');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('audio/x-mpegurl');
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    expect(lines.filter((line) => line.startsWith('#EXTINF:'))).toEqual([
      '#EXTINF:355,Queen - Bohemian Rhapsody',
      `#EXTINF:200,Line Break - ${FORMULA}`,
      expect.stringMatching(/^#EXTINF:\d+,Black Lace - Agadoo$/),
    ]);
  });

  it('is the host’s alone, and says so for a bad format', async () => {
    const other = await signIn(t, { name: 'Other Host' });
    expect((await exportList(other, '')).statusCode).toBe(404);
    const guest = await signInGuest(t);
    expect((await exportList(guest, '')).statusCode).toBe(403);
    expect((await exportList(host, '&format=xlsx')).statusCode).toBe(422);
    // CSV is the default.
    expect((await exportList(host, '')).headers['content-type']).toContain('text/csv');
  });
});
