import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from './support/eventually.ts';
import { followSerato } from '../src/readers/serato.ts';
import { followTextFile } from '../src/readers/text-file.ts';
import { followVirtualDj } from '../src/readers/virtualdj.ts';
import type { DeckEvent, Reader } from '../src/track.ts';
import { entry, versionChunk } from './support/serato-bytes.ts';

/** Readers look every 10 ms here: the files grow while the test runs. */
const INTERVAL_MS = 10;

let folder: string;
let events: DeckEvent[];
let reader: Reader | undefined;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'floorfill-bridge-'));
  events = [];
});
afterEach(async () => {
  await reader?.close();
  reader = undefined;
  rmSync(folder, { recursive: true, force: true });
});

const push = (event: DeckEvent) => events.push(event);
const fail = (error: unknown) => {
  throw error;
};
/** Waits until the reader has reported `count` events in all. */
const seen = (count: number) => eventually(() => expect(events).toHaveLength(count));

describe('Serato session files', () => {
  const start = new Date('2026-11-28T22:10:00Z');

  it('reads entries as the session grows, a chunk only once it is whole, in UTF-16', async () => {
    const file = path.join(folder, '1764367800.session');
    writeFileSync(file, versionChunk);
    reader = followSerato({ folder, onEvent: push, onError: fail, intervalMs: INTERVAL_MS });

    const loaded = entry({
      row: 1,
      artist: 'Beyoncé',
      title: 'CUFF IT',
      deck: 1,
      start,
      played: false,
    });
    appendFileSync(file, loaded);
    await seen(1);
    expect(events[0]).toEqual({
      kind: 'loaded',
      deck: '1',
      track: { artist: 'Beyoncé', title: 'CUFF IT' },
      at: start,
    });

    // The played entry for the same row, written in two pieces: nothing until it is whole.
    const played = entry({
      row: 1,
      artist: 'Beyoncé',
      title: 'CUFF IT',
      deck: 1,
      start,
      played: true,
    });
    appendFileSync(file, played.subarray(0, 21));
    const ended = entry({
      row: 2,
      artist: 'Sigur Rós 🎧',
      title: 'Hoppípolla',
      deck: 2,
      start,
      end: new Date(start.getTime() + 240_000),
      played: true,
    });
    await eventually(() => expect(events).toHaveLength(1));
    appendFileSync(file, Buffer.concat([played.subarray(21), ended]));
    await seen(3);
    expect(events.slice(1)).toEqual([
      {
        kind: 'playing',
        deck: '1',
        track: { artist: 'Beyoncé', title: 'CUFF IT' },
        at: start,
        until: undefined,
      },
      {
        kind: 'playing',
        deck: '2',
        track: { artist: 'Sigur Rós 🎧', title: 'Hoppípolla' },
        at: start,
        until: new Date(start.getTime() + 240_000),
      },
    ]);
  });

  it('takes up a new session file from its start', async () => {
    writeFileSync(
      path.join(folder, '1.session'),
      Buffer.concat([
        versionChunk,
        entry({ row: 1, artist: 'A', title: 'Old', deck: 1, start, played: true }),
      ]),
    );
    reader = followSerato({ folder, onEvent: push, onError: fail, intervalMs: INTERVAL_MS });
    await seen(1);
    const newer = path.join(folder, '2.session');
    writeFileSync(
      newer,
      Buffer.concat([
        versionChunk,
        entry({ row: 1, artist: 'B', title: 'New', deck: 2, start, played: false }),
      ]),
    );
    await seen(2);
    expect(events[1]).toMatchObject({ kind: 'loaded', deck: '2', track: { title: 'New' } });
  });
});

describe('VirtualDJ history', () => {
  it('reads each #EXTVDJ entry appended to the newest day, tags or else the file name', async () => {
    const file = path.join(folder, '2026-11-28.m3u');
    writeFileSync(file, '');
    reader = followVirtualDj({ folder, onEvent: push, onError: fail, intervalMs: INTERVAL_MS });
    appendFileSync(
      file,
      '#EXTVDJ:<time>22:14</time><lastplaytime>1764368040</lastplaytime><artist>Simon &amp; Garfunkel</artist><title>Cecilia</title><remix>Extended</remix>\r\n',
    );
    appendFileSync(file, 'C:\\Music\\Simon & Garfunkel - Cecilia.mp3\r\n');
    appendFileSync(
      file,
      'D:\\Crates\\Daft Punk - Digital Love.flac\r\n#EXTVDJ:<lastplaytime>1764368400</lastplaytime><title>Hé',
    );
    await seen(2);
    appendFileSync(file, 'ros</title>\r\n/Users/dj/Music/heros.mp3\n');
    await seen(3);
    expect(events[0]).toEqual({
      kind: 'on-air',
      deck: null,
      track: { artist: 'Simon & Garfunkel', title: 'Cecilia (Extended)' },
      at: new Date(1764368040 * 1000),
    });
    expect(events[1]).toMatchObject({ track: { artist: 'Daft Punk', title: 'Digital Love' } });
    expect(events[2]).toMatchObject({
      track: { artist: '', title: 'Héros' },
      at: new Date(1764368400 * 1000),
    });
  });
});

describe('a text file feed', () => {
  it('reads lines written after it started, not what the file held', async () => {
    const file = path.join(folder, 'now-playing.txt');
    writeFileSync(file, 'Old Artist - Old Song\n');
    reader = followTextFile({ file, onEvent: push, onError: fail, intervalMs: INTERVAL_MS });
    // The first look has taken the file's end before this write.
    await reader.ready;
    appendFileSync(file, 'Robyn - Dancing On My Own\nJust A Title\n');
    await seen(2);
    expect(events.map((event) => event.kind === 'on-air' && event.track)).toEqual([
      { artist: 'Robyn', title: 'Dancing On My Own' },
      { artist: '', title: 'Just A Title' },
    ]);
  });
});

describe('Serato chunks arriving a byte at a time', () => {
  it('yield each entry once, when its last byte has arrived', async () => {
    const { readChunks } = await import('../src/readers/serato.ts');
    const start = new Date('2026-11-28T23:00:00Z');
    const file = Buffer.concat([
      versionChunk,
      entry({
        row: 1,
        artist: 'Kylie Minogue',
        title: 'Padam Padam',
        deck: 1,
        start,
        played: false,
      }),
      entry({
        row: 1,
        artist: 'Kylie Minogue',
        title: 'Padam Padam',
        deck: 1,
        start,
        played: true,
      }),
    ]);
    const titles: string[] = [];
    let pending = Buffer.alloc(0);
    for (let at = 0; at < file.length; at += 1) {
      pending = Buffer.concat([pending, file.subarray(at, at + 1)]);
      pending = pending.subarray(readChunks(pending, (found) => titles.push(`${found.played}`)));
    }
    expect(titles).toEqual(['false', 'true']);
    expect(pending).toHaveLength(0);
  });
});
