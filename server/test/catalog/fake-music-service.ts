import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a music service (iTunes, SoundCloud, Spotify), which
 * cannot be reached from here. It speaks plain HTTP on 127.0.0.1 and replays
 * the service's documented JSON, so the real provider code runs unchanged.
 */

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FakeRoute = (request: RecordedRequest, response: ServerResponse) => void;

export interface FakeMusicService {
  url: string;
  requests: RecordedRequest[];
  /** Answer `METHOD /path` with this handler from now on. */
  on(method: string, path: string, route: FakeRoute): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(text);
}

/** Never answers (until the fake closes): a service slower than any timeout. */
export const hang: FakeRoute = () => undefined;

export async function startFakeMusicService(): Promise<FakeMusicService> {
  const routes = new Map<string, FakeRoute>();
  const requests: RecordedRequest[] = [];

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const route = routes.get(`${request.method} ${request.url.pathname}`);
      if (!route) return sendJson(response, 404, { error: 'not found' });
      route(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, route) {
      routes.set(`${method} ${path}`, route);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
