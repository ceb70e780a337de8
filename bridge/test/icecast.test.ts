import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from './support/eventually.ts';
import { receiveIcecast, type IcecastReceiver } from '../src/readers/icecast.ts';
import { createOggCommentReader } from '../src/readers/ogg-comments.ts';
import type { DeckEvent } from '../src/track.ts';
import { commentHeader, identificationHeader, page, trackStart } from './support/ogg-bytes.ts';

const PASSWORD = 'booth-secret';
const auth = (password: string) => `Basic ${Buffer.from(`source:${password}`).toString('base64')}`;

let receiver: IcecastReceiver | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await receiver?.close();
  receiver = undefined;
});

async function start(events: DeckEvent[]) {
  receiver = receiveIcecast({
    source: 'traktor',
    port: 0,
    password: PASSWORD,
    onEvent: (event) => events.push(event),
  });
  await receiver.ready;
  return receiver.address().port;
}

/** A source connection as Traktor opens it: SOURCE, HTTP/1.0, Basic auth, then the stream. */
async function openSource(
  port: number,
  password = PASSWORD,
): Promise<{ socket: Socket; reply: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const reply = new Promise<string>((resolve) =>
    socket.once('data', (bytes) => resolve(bytes.toString())),
  );
  socket.write(
    `SOURCE /live HTTP/1.0\r\nAuthorization: ${auth(password)}\r\nContent-Type: application/ogg\r\nice-name: Floorfill night\r\n\r\n`,
  );
  return { socket, reply };
}

describe('the Icecast receiver (Traktor, Mixxx)', () => {
  it('reads each track from the Ogg Vorbis comments of the broadcast as it arrives', async () => {
    const events: DeckEvent[] = [];
    const { socket, reply } = await openSource(await start(events));
    expect(await reply).toMatch(/^HTTP\/1\.[01] 200/);

    for (const bytes of trackStart(7, [
      'ARTIST=Fred again..',
      'TITLE=Delilah (pull me out of this)',
    ])) {
      socket.write(bytes);
    }
    await eventually(() => expect(events).toHaveLength(1));
    // The next track: a new logical stream, its first page written in two pieces.
    const [first, second, audio] = trackStart(8, ['title=Über', 'artist=Röyksopp']);
    socket.write(Buffer.concat([first!, second!.subarray(0, 40)]));
    socket.write(Buffer.concat([second!.subarray(40), audio!]));
    await eventually(() => expect(events).toHaveLength(2));
    expect(events.map((event) => event.kind === 'on-air' && event.track)).toEqual([
      { artist: 'Fred again..', title: 'Delilah (pull me out of this)' },
      { artist: 'Röyksopp', title: 'Über' },
    ]);
  });

  it('takes titles sent to /admin/metadata (MP3 broadcasts)', async () => {
    const events: DeckEvent[] = [];
    const port = await start(events);
    const res = await fetch(
      `http://127.0.0.1:${port}/admin/metadata?mode=updinfo&mount=/live&song=${encodeURIComponent('Charli xcx - 360')}`,
      { headers: { authorization: auth(PASSWORD) } },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<return>1</return>');
    expect(events).toMatchObject([
      { kind: 'on-air', track: { artist: 'Charli xcx', title: '360' } },
    ]);
  });

  it('refuses a wrong password and takes nothing from it', async () => {
    const events: DeckEvent[] = [];
    const port = await start(events);
    const { socket, reply } = await openSource(port, 'guess');
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => undefined);
    socket.write(Buffer.concat(trackStart(9, ['ARTIST=A', 'TITLE=B'])));
    expect(await reply).toMatch(/^HTTP\/1\.[01] 401/);
    // The receiver hangs up on a refused source.
    await closed;
    const res = await fetch(`http://127.0.0.1:${port}/admin/metadata?mode=updinfo&song=X%20-%20Y`);
    expect(res.status).toBe(401);
    expect(events).toEqual([]);
  });
});

describe('Ogg comment packets', () => {
  it('are read when they span pages, and audio packets are never kept', () => {
    const found: string[] = [];
    const reader = createOggCommentReader((comments) => found.push(comments.get('TITLE') ?? ''));
    // A comment packet of 600 bytes laced over two pages (255 + 255 on the first).
    const packet = commentHeader(['TITLE=Long one', `COMMENT=${'x'.repeat(540)}`]);
    const cut = 510;
    const tail = packet.subarray(cut);
    const bytes = Buffer.concat([
      page({ serial: 3, sequence: 0, headerType: 0x02, packets: [identificationHeader()] }),
      page({
        serial: 3,
        sequence: 1,
        headerType: 0,
        packets: [packet.subarray(0, cut)],
        openEnd: true,
      }),
      page({ serial: 3, sequence: 2, headerType: 0x01, packets: [tail, Buffer.alloc(100)] }),
      page({ serial: 3, sequence: 3, headerType: 0x04, packets: [Buffer.alloc(1000)] }),
    ]);
    for (let at = 0; at < bytes.length; at += 97) reader.push(bytes.subarray(at, at + 97));
    expect(found).toEqual(['Long one']);
  });
});
