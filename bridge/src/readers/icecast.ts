import { timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { artistAndTitle } from '../lines.ts';
import type { DeckEvent, Reader, SourceName, Track } from '../track.ts';
import { createOggCommentReader } from './ogg-comments.ts';

export interface IcecastOptions {
  /** Traktor or Mixxx: which software is set to broadcast here. */
  source: Extract<SourceName, 'traktor' | 'mixxx'>;
  /** The port on 127.0.0.1 the DJ software broadcasts to (0: any free one, for tests). */
  port: number;
  /** The broadcast password set in the DJ software (user `source`). */
  password: string;
  onEvent(event: DeckEvent): void;
  onError?(error: unknown): void;
}

export interface IcecastReceiver extends Reader {
  /** Where it listens, once `ready` has settled. */
  readonly address: () => AddressInfo;
}

const ADMIN_REPLY =
  '<?xml version="1.0"?>\n<iceresponse><message>Metadata update successful</message><return>1</return></iceresponse>\n';
/** A request head longer than this is no broadcaster's. */
const MAX_HEAD_BYTES = 16 * 1024;

interface RequestHead {
  method: string;
  url: URL;
  headers: Map<string, string>;
}

function readHead(text: string): RequestHead | null {
  const [requestLine = '', ...lines] = text.split('\r\n');
  const match = /^([A-Z]+) (\S+) (?:HTTP|ICE)\/1\.[01]$/.exec(requestLine);
  if (!match?.[1] || !match[2]) return null;
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { method: match[1], url: new URL(match[2], 'http://127.0.0.1'), headers };
}

function passwordMatches(head: RequestHead, password: string): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(head.headers.get('authorization') ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const given = Buffer.from(decoded.slice(decoded.indexOf(':') + 1));
  const wanted = Buffer.from(password);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function trackOf(comments: Map<string, string>): Track | null {
  const title = comments.get('TITLE')?.trim();
  const artist = comments.get('ARTIST')?.trim() ?? '';
  if (title) return { artist, title };
  return null;
}

function answer(socket: Socket, status: string, type: string, body: string): void {
  socket.end(
    `HTTP/1.0 ${status}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `WWW-Authenticate: Basic realm="Floorfill bridge"\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * An Icecast-compatible receiver on 127.0.0.1 for DJ software that
 * broadcasts (Traktor, Mixxx): it takes the source connection (`SOURCE` or
 * `PUT` on any mount, Basic auth as user `source`), reads the Vorbis
 * comments of an Ogg stream as each track's headers arrive, and answers
 * `/admin/metadata?mode=updinfo&song=…` (how MP3 broadcasts send titles).
 * What is broadcast is on air. The audio itself is read and dropped.
 *
 * A source sends its stream after the request head with no length, for as
 * long as the night lasts, which an HTTP server would take as an empty body:
 * the head is read here and the rest of the connection is the stream.
 */
export function receiveIcecast({
  source,
  port,
  password,
  onEvent,
  onError,
}: IcecastOptions): IcecastReceiver {
  const onAir = (track: Track) => onEvent({ kind: 'on-air', deck: null, track, at: new Date() });

  function serve(socket: Socket, head: RequestHead, rest: Buffer): void {
    if (!passwordMatches(head, password)) {
      answer(socket, '401 Unauthorized', 'text/plain', 'wrong broadcast password\n');
      return;
    }
    if (head.method === 'GET' && head.url.pathname === '/admin/metadata') {
      const song = head.url.searchParams.get('song')?.trim();
      if (head.url.searchParams.get('mode') === 'updinfo' && song) {
        onAir(artistAndTitle(song) ?? { artist: '', title: song });
      }
      answer(socket, '200 OK', 'text/xml', ADMIN_REPLY);
      return;
    }
    if (head.method !== 'SOURCE' && head.method !== 'PUT') {
      answer(socket, '405 Method Not Allowed', 'text/plain', 'a broadcast and its titles only\n');
      return;
    }
    const ogg = createOggCommentReader((comments) => {
      const track = trackOf(comments);
      if (track) onAir(track);
    });
    if (head.headers.get('expect')?.toLowerCase() === '100-continue') {
      socket.write('HTTP/1.1 100 Continue\r\n\r\n');
    }
    socket.write('HTTP/1.0 200 OK\r\n\r\n');
    if (rest.length > 0) ogg.push(rest);
    socket.on('data', (bytes: Buffer) => ogg.push(bytes));
  }

  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', (error) => onError?.(error));
    let received = Buffer.alloc(0);
    const onHeadBytes = (bytes: Buffer) => {
      received = Buffer.concat([received, bytes]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) {
        if (received.length > MAX_HEAD_BYTES) socket.destroy();
        return;
      }
      socket.off('data', onHeadBytes);
      const head = readHead(received.toString('latin1', 0, end));
      if (!head) {
        answer(socket, '400 Bad Request', 'text/plain', 'not a broadcast\n');
        return;
      }
      serve(socket, head, received.subarray(end + 4));
    };
    socket.on('data', onHeadBytes);
  });

  const ready = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    source,
    ready,
    address: () => server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
