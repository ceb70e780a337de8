import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bridgeFeedSchema } from '@floorfill/shared';
import type { DeckEvent, Reader } from '../track.ts';

export interface HttpFeedOptions {
  /** The port on 127.0.0.1 (0: any free one, for tests). */
  port: number;
  onEvent(event: DeckEvent): void;
}

export interface HttpFeed extends Reader {
  readonly address: () => AddressInfo;
}

/** A feed's post is one title: anything longer is not one. */
const MAX_BODY_BYTES = 8 * 1024;

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A generic feed on 127.0.0.1: anything else on the laptop (an OBS plugin,
 * What's Now Playing, a script) posts the track on air as JSON
 * `{"title": …, "artist": …}` (or a form with the same fields) to
 * `/now-playing`. Only this machine can reach it; a page in a browser
 * cannot post to it (JSON or a form from another origin is refused).
 */
export function serveHttpFeed({ port, onEvent }: HttpFeedOptions): HttpFeed {
  const server = createServer((request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/now-playing' || request.method !== 'POST') {
      request.resume();
      reply(404, { status: false, msg: 'POST the track on air to /now-playing.' });
      return;
    }
    // A web page's request carries its Origin; the feed is for programs on this machine.
    if (request.headers.origin !== undefined) {
      request.resume();
      reply(403, { status: false, msg: 'Web pages cannot post to the bridge.' });
      return;
    }
    void readBody(request).then((text) => {
      if (text === null) {
        reply(413, { status: false, msg: 'One track at a time.' });
        return;
      }
      let input: unknown;
      try {
        input = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
          ? Object.fromEntries(new URLSearchParams(text))
          : JSON.parse(text);
      } catch {
        reply(400, { status: false, msg: 'Send JSON: {"title": "…", "artist": "…"}.' });
        return;
      }
      const parsed = bridgeFeedSchema.safeParse(input);
      if (!parsed.success) {
        reply(400, {
          status: false,
          msg: parsed.error.issues
            .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
            .join(' '),
        });
        return;
      }
      onEvent({ kind: 'on-air', deck: null, track: parsed.data, at: new Date() });
      reply(200, { status: true, msg: 'On air.' });
    });
  });

  const ready = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    source: 'http',
    ready,
    address: () => server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
