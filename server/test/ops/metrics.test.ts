import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, signIn, signInGuest } from '../helpers/event-factories.ts';
import { post, signUp, signupPayload } from '../helpers/factories.ts';
import {
  connected,
  connectSocket,
  listenOnLoopback,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/test-app.ts';

/** GET /metrics in Prometheus text format: what an operator's scraper sees. */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      if (key !== undefined && value !== undefined) labels[key] = value;
    }
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name whose labels include `labels`, or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  return parseSamples(text).find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  if (res.statusCode !== 200) throw new Error(`metrics answered ${res.statusCode}: ${res.body}`);
  return res.body;
}

/** Scrape until `accept` holds; the last scrape is returned either way, for the assertion to judge. */
async function scrapeUntil(t: TestApp, accept: (text: string) => boolean): Promise<string> {
  let text = await scrape(t);
  for (let i = 0; i < 100 && !accept(text); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    text = await scrape(t);
  }
  return text;
}

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

describe('/metrics', () => {
  it('serves the Prometheus text format with the process defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(valueOf(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(valueOf(res.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('times requests by route pattern, never by raw URL', async () => {
    const secretish = randomBytes(6).toString('hex');
    expect((await get(t, '/api/social-icons/spotify.svg')).statusCode).toBe(200);
    await get(t, `/api/social-icons/${secretish}.svg`);
    await get(t, `/api/v1/get-user-details?id=${secretish}`);
    await get(t, `/no-such-page-${secretish}`);

    const text = await scrape(t);
    expect(
      valueOf(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/social-icons/:slug.svg',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      valueOf(text, 'http_request_duration_seconds_bucket', {
        route: '/api/social-icons/:slug.svg',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(
      valueOf(text, 'http_request_duration_seconds_count', {
        route: '/api/v1/get-user-details',
      }),
    ).toBe(1);
    expect(
      valueOf(text, 'http_request_duration_seconds_count', {
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(secretish);
  });

  it('counts connected sockets and event rooms as clients come and go, and emits by event name', async () => {
    const baseUrl = await listenOnLoopback(t.app);
    const host = await signIn(t);
    const event = await insertEvent(t, host.id);
    const before = await scrape(t);
    expect(valueOf(before, 'socketio_connected_sockets')).toBe(0);
    expect(valueOf(before, 'socketio_rooms')).toBe(0);

    const token = host.headers.authorization?.replace('Bearer ', '') ?? '';
    const socket = connectSocket(baseUrl, { token });
    sockets.push(socket);
    await connected(socket);
    expect(await subscribe(socket, event.id)).toMatchObject({ ok: true });
    const watching = await scrape(t);
    expect(valueOf(watching, 'socketio_connected_sockets')).toBe(1);
    expect(valueOf(watching, 'socketio_rooms')).toBe(1);

    const guest = await signInGuest(t);
    const join = await post(t, '/api/v1/join-event', { event_code: event.code }, guest.headers);
    expect(join.statusCode).toBe(200);
    const afterJoin = await scrape(t);
    expect(valueOf(afterJoin, 'socketio_emits_total', { event: 'attendee:joined' })).toBe(1);
    // The join's counts go out to the room in slices, each one timed.
    const sliced = await scrapeUntil(
      t,
      (text) => (valueOf(text, 'socketio_fanout_slice_cpu_seconds_count') ?? 0) >= 1,
    );
    expect(valueOf(sliced, 'socketio_fanout_slice_cpu_seconds_count')).toBeGreaterThanOrEqual(1);

    socket.disconnect();
    const gone = await scrapeUntil(t, (text) => valueOf(text, 'socketio_connected_sockets') === 0);
    expect(valueOf(gone, 'socketio_connected_sockets')).toBe(0);
    expect(valueOf(gone, 'socketio_rooms')).toBe(0);
  });

  it('counts completed jobs by name and reports the queue depth', async () => {
    const before = valueOf(await scrape(t), 'jobs_completed_total', { job: 'mail:send' }) ?? 0;
    await signUp(t);
    await t.ctx.queue.idle();
    const text = await scrape(t);
    expect(valueOf(text, 'jobs_completed_total', { job: 'mail:send' })).toBe(before + 1);
    expect(valueOf(text, 'jobs_waiting')).toBe(0);
  });

  it('reports the pg pool on Postgres and leaves it out on PGlite', async () => {
    const text = await scrape(t);
    if (t.ctx.database.kind === 'postgres') {
      expect(valueOf(text, 'pg_pool_total')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'pg_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'pg_pool_waiting')).toBe(0);
    } else {
      expect(valueOf(text, 'pg_pool_total')).toBeUndefined();
    }
  });

  it('keeps one registry per app: two nodes in one process count separately', async () => {
    const peer = await createPeerApp(t);
    try {
      await get(peer, '/healthz');
      await get(peer, '/healthz');
      const peerText = await scrape(peer);
      const ownText = await scrape(t);
      expect(valueOf(peerText, 'http_request_duration_seconds_count', { route: '/healthz' })).toBe(
        2,
      );
      expect(
        valueOf(ownText, 'http_request_duration_seconds_count', { route: '/healthz' }),
      ).toBeUndefined();
    } finally {
      await peer.close();
    }
  });
});

describe('/metrics access without METRICS_TOKEN', () => {
  const scrapeFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers loopback and private addresses', async () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.9',
      '::ffff:10.0.0.7',
    ]) {
      expect((await scrapeFrom(address)).statusCode, address).toBe(200);
    }
  });

  it('refuses public addresses', async () => {
    for (const address of ['203.0.113.9', '8.8.8.8', '2001:db8::1', '::ffff:203.0.113.9']) {
      const res = await scrapeFrom(address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json().msg).toContain('METRICS_TOKEN');
    }
  });

  it('refuses anything relayed by a proxy, whatever X-Forwarded-For claims', async () => {
    const res = await scrapeFrom('10.0.0.2', { 'x-forwarded-for': '127.0.0.1' });
    expect(res.statusCode).toBe(403);
  });
});

describe('/metrics access with METRICS_TOKEN', () => {
  const token = randomBytes(24).toString('hex');
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await guarded.close();
  });

  it('asks for the token, from anywhere', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }]) {
      const res = await guarded.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
  });

  it('answers the right Bearer token, from a public address too', async () => {
    const res = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
  });
});

describe('failed jobs', () => {
  let broken: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 of loopback: every mail fails and is retried.
    broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await broken.close();
  });

  it('counts failed runs by job name, not yet final while retries are left', async () => {
    // Not signUp(): it waits for the mail to go out, and this one cannot until its retries end.
    expect((await post(broken, '/api/auth/signup', signupPayload())).statusCode).toBe(201);
    const text = await scrapeUntil(
      broken,
      (body) => (valueOf(body, 'jobs_failed_total', { job: 'mail:send' }) ?? 0) >= 1,
    );
    expect(
      valueOf(text, 'jobs_failed_total', { job: 'mail:send', final: 'false' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'jobs_completed_total', { job: 'mail:send' })).toBeUndefined();
    expect(valueOf(text, 'jobs_waiting')).toBeGreaterThanOrEqual(1);
  });
});

describe('/readyz during shutdown', () => {
  it('answers 503 naming the shutdown once it has begun', async () => {
    t.app.readiness.shuttingDown = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: false,
        msg: 'Not ready: shutting down.',
        data: { failing: ['shutdown'] },
      });
    } finally {
      t.app.readiness.shuttingDown = false;
    }
  });
});
