import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bridgeKeySchema, bridgePanelData, hostEventDetailsSchema } from '@floorfill/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { spawnOwned, type OwnedProcess } from '../helpers/owned-process.ts';
import { listenOnLoopback } from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { AGADOO, joined, sendRequest, signIn, signInMany } from '../requests/request-factories.ts';

const CLI = path.resolve(import.meta.dirname, '../../../bridge/src/cli.ts');

/** VirtualDJ's history line for a track played at `at` (its file follows on the next line). */
function historyEntry(artist: string, title: string, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000);
  return (
    `#EXTVDJ:<lastplaytime>${seconds}</lastplaytime><artist>${artist}</artist>` +
    `<title>${title}</title>\n/Music/${artist} - ${title}.mp3\n`
  );
}

/**
 * The bridge as a DJ runs it (`node bridge/src/cli.ts`), against a real
 * server: paired with the booth's code, it follows VirtualDJ's history file
 * as VirtualDJ appends to it, and the played request is marked in the queue.
 */
describe('the bridge process', () => {
  let t: TestApp;
  let host: SignedIn;
  let baseUrl: string;
  let scratch: string;
  let bridge: OwnedProcess | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterEach(async () => {
    await bridge?.stop('SIGTERM');
    bridge = undefined;
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('pairs with the booth’s code, follows VirtualDJ’s history and marks the played request', async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-bridge-'));
    const history = path.join(scratch, 'History');
    mkdirSync(history);
    const today = path.join(history, '2026-11-28.m3u');
    // Last night's tracks are in the file already: history, never reported.
    appendFileSync(today, historyEntry('Black Lace', 'Agadoo', new Date(Date.now() - 3_600_000)));

    const event = await insertEvent(t, host.id, { name: 'Deck Night' });
    const [fan] = (await signInMany(t, 1)) as [SignedIn];
    await joined(t, fan, event.code);
    expect((await sendRequest(t, fan, event.id, { song_id: AGADOO })).statusCode).toBe(201);
    await post(
      t,
      '/api/v1/update-deck-settings',
      { event_id: event.id, follow_decks: true },
      host.headers,
    );
    const made = await post(t, '/api/v1/create-bridge-key', { event_id: event.id }, host.headers);
    const { pairing_code: code } = bridgeKeySchema.parse(made.json().data);

    const home = path.join(scratch, 'home');
    bridge = spawnOwned(process.execPath, [
      CLI,
      '--server',
      baseUrl,
      '--pair',
      code ?? '',
      '--source',
      'virtualdj',
      '--folder',
      history,
      '--home',
      home,
    ]);
    const running = bridge;
    await expect.poll(() => running.output(), { timeout: 20_000 }).toContain('Following VirtualDJ');
    expect(running.output()).toContain('Paired with “Deck Night”');
    // The token is the user's alone on this laptop.
    expect(statSync(path.join(home, 'pairing.json')).mode & 0o077).toBe(0);
    expect(readFileSync(path.join(home, 'pairing.json'), 'utf8')).toContain('ffb_');

    appendFileSync(today, historyEntry('Black Lace', 'Agadoo (Original Mix)', new Date()));
    const nowPlaying = async () => {
      const res = await get(t, `/api/v1/get-event-details?id=${event.id}`, host.headers);
      return hostEventDetailsSchema.parse(res.json().data).now_playing?.song_id ?? null;
    };
    await expect
      .poll(nowPlaying, { timeout: 20_000, message: 'the bridge marked the request' })
      .toBe(AGADOO)
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\nbridge said:\n${running.output()}`);
      });
    await expect.poll(() => running.output()).toContain('marked playing in the queue');

    const panel = bridgePanelData.parse(
      (await get(t, `/api/v1/get-bridge-panel?event_id=${event.id}`, host.headers)).json().data,
    );
    // Only tonight's track: the one already in the file was history.
    expect(panel.tracks.map((track) => [track.title, track.outcome])).toEqual([
      ['Agadoo (Original Mix)', 'marked'],
    ]);
    expect(panel.keys[0]).toMatchObject({ source: 'virtualdj' });

    // Revoked in the booth: the bridge says so and stops.
    await post(
      t,
      '/api/v1/revoke-bridge-key',
      { event_id: event.id, key_id: panel.keys[0]?.id },
      host.headers,
    );
    appendFileSync(today, historyEntry('2 Unlimited', 'Get Ready for This', new Date()));
    const ended = await running.exited;
    expect(ended.code).toBe(2);
    expect(running.output()).toContain('revoked in the booth');
  });
});
