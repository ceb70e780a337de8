import { afterEach, describe, expect, it } from 'vitest';
import { serveHttpFeed, type HttpFeed } from '../src/readers/http-feed.ts';
import type { DeckEvent } from '../src/track.ts';

let feed: HttpFeed | undefined;
afterEach(async () => {
  await feed?.close();
  feed = undefined;
});

async function start(events: DeckEvent[]): Promise<string> {
  feed = serveHttpFeed({ port: 0, onEvent: (event) => events.push(event) });
  await feed.ready;
  return `http://127.0.0.1:${feed.address().port}/now-playing`;
}

describe('the bridge feed on 127.0.0.1', () => {
  it('takes a track as JSON or as a form', async () => {
    const events: DeckEvent[] = [];
    const url = await start(events);
    const json = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Murder On The Dancefloor', artist: 'Sophie Ellis-Bextor' }),
    });
    expect(json.status).toBe(200);
    const form = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ title: 'Vogue' }),
    });
    expect(form.status).toBe(200);
    expect(events.map((event) => event.kind === 'on-air' && event.track)).toEqual([
      { title: 'Murder On The Dancefloor', artist: 'Sophie Ellis-Bextor' },
      { title: 'Vogue', artist: '' },
    ]);
  });

  it('refuses what is not a track, and web pages, with a clear message', async () => {
    const events: DeckEvent[] = [];
    const url = await start(events);
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const broken = await post('{"title":');
    expect(broken.status).toBe(400);
    const twoLines = await post(JSON.stringify({ title: 'One\nTwo' }));
    expect(twoLines.status).toBe(400);
    expect(((await twoLines.json()) as { msg: string }).msg).toContain('single line');
    expect((await post(JSON.stringify({ artist: 'No title' }))).status).toBe(400);
    expect((await post(JSON.stringify({ title: 'x'.repeat(9000) }))).status).toBe(413);
    const fromPage = await post(JSON.stringify({ title: 'Sneaky' }), {
      origin: 'https://example.com',
    });
    expect(fromPage.status).toBe(403);
    expect((await fetch(url)).status).toBe(404);
    expect(events).toEqual([]);
  });
});
