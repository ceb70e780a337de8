/**
 * REST throughput and latency with autocannon, each figure next to a bare
 * Fastify endpoint measured in the same run (the ceiling), so the results
 * read as ratios and survive a noisy machine:
 *
 * - bare: `GET /bare` on a Fastify with nothing else (run first and last);
 * - get-event-details: the host's snapshot of a big event (--event-requests);
 * - send-song-request: every POST a new (attendee, song) pair into one event,
 *   so each writes (durable commits: the event's requests per second);
 * - send-10-events (Postgres): the same spread over ten events at once;
 * - join-burst: --joiners attendees join one event, each once, as fast as
 *   --join-connections connections allow;
 * - hot-song: one song requested by --hot-song-rate different attendees a
 *   second (a popular track in a big room), then its count checked exactly.
 *
 * Each figure with a target is printed beside it with ok or MISS.
 *
 *   npx tsx bench/rest.ts --duration 10 --connections 50 --event-requests 5000 --joiners 1000
 *
 * The app and the bare server are processes of their own (bench/server-node.ts);
 * autocannon runs here. PGlite by default, Postgres with DATABASE_URL.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createAppContext } from '../server/src/infra/context.ts';
import { createLogger } from '../server/src/infra/logger.ts';
import { startNode, type ServerNode } from './lib/nodes.ts';
import {
  machine,
  percentile,
  publish,
  round2,
  runWhenInvoked,
  table,
  type Row,
} from './lib/report.ts';
import { createScratch } from './lib/scratch.ts';
import { postgresCpuMs } from './lib/postgres-cpu.ts';
import { catalogSongs, seedEvent, seedGuests, seedRequests, type User } from './lib/seed.ts';
import { targetRows, type Target } from './lib/targets.ts';

/** Joins into another event before the measured burst: a fifth of it, 50 to 200. */
function joinWarmUpSize(joiners: number): number {
  return Math.min(200, Math.max(50, Math.round(joiners / 5)));
}

export interface Options {
  durationSeconds: number;
  connections: number;
  eventRequests: number;
  /** Hosts fetching the big snapshot at once: fewer than --connections, since each costs ~100 ms. */
  detailsConnections: number;
  joiners: number;
  joinConnections: number;
  /** Requests a second for one song, each from a different attendee. */
  hotSongRate: number;
  /** Only these runs (names as in the table), e.g. to profile one route; all by default. */
  only: ReadonlySet<string> | null;
  record: boolean;
}

/** Songs each attendee of the big event asked for. */
const REQUESTS_PER_ATTENDEE = 10;
/** Attendees who send in the send-song-request run; each asks for many songs. */
const SENDERS = 200;
/** Events the send-10-events run spreads its requests over, SENDERS / EVENTS_AT_ONCE guests each. */
const EVENTS_AT_ONCE = 10;
const CATALOG_SONGS = 1800;

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      'event-requests': { type: 'string', default: '5000' },
      'details-connections': { type: 'string', default: '10' },
      joiners: { type: 'string', default: '1000' },
      'join-connections': { type: 'string', default: '100' },
      'hot-song-rate': { type: 'string', default: '100' },
      only: { type: 'string' },
      'no-record': { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  const positive = (name: string, value: string) => {
    const number = Math.round(Number(value));
    if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be > 0`);
    return number;
  };
  return {
    durationSeconds: positive('duration', values.duration),
    connections: positive('connections', values.connections),
    eventRequests: positive('event-requests', values['event-requests']),
    detailsConnections: positive('details-connections', values['details-connections']),
    joiners: positive('joiners', values.joiners),
    joinConnections: positive('join-connections', values['join-connections']),
    hotSongRate: positive('hot-song-rate', values['hot-song-rate']),
    only: values.only ? new Set(values.only.split(',').map((name) => name.trim())) : null,
    record: !values['no-record'],
  };
}

/** What Chromium sends: the snapshot is measured as the booth's browser receives it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Waits out a 503's Retry-After (a node still shedding the load just measured), a few times. */
async function fetchAdmitted(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(url, init);
    if (res.status !== 503 || attempt === 5) return res;
    const seconds = Number(res.headers.get('retry-after')) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

interface Measured {
  name: string;
  what: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  ok: number;
  notOk: number;
  /** Answered 503 (busy, with Retry-After): load the node shed, not an error. */
  shed: number;
  errors: number;
  bytesPerResponse: number;
  /** Server CPU per answered request (ms), from the node's own counter. */
  cpuMsPerRequest: number;
  /** This machine's Postgres processes' CPU per answered request (ms); NaN when not local. */
  postgresCpuMsPerRequest: number;
  seconds: number;
}

/** CPU per request (ms) from two readings of a counter; NaN when the counter could not be read. */
function perRequest(before: number | undefined, after: number | undefined, requests: number) {
  if (before === undefined || after === undefined || requests === 0) return Number.NaN;
  return round2((after - before) / requests);
}

const databaseCpuMs = () => postgresCpuMs(process.env.DATABASE_URL);

function summarise(
  name: string,
  what: string,
  result: autocannon.Result,
  cpuMs: number,
  postgresCpu: { before: number | undefined; after: number | undefined },
): Measured {
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    name,
    what,
    requestsPerSecond: round2(answered / result.duration),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    ok: result['2xx'],
    notOk: result.non2xx,
    shed: result.statusCodeStats?.['503']?.count ?? 0,
    errors: result.errors,
    bytesPerResponse: answered > 0 ? Math.round(result.throughput.total / answered) : 0,
    cpuMsPerRequest: answered > 0 ? round2(cpuMs / answered) : 0,
    postgresCpuMsPerRequest: perRequest(postgresCpu.before, postgresCpu.after, answered),
    seconds: round2(result.duration),
  };
}

async function measure(
  node: ServerNode,
  name: string,
  what: string,
  options: autocannon.Options,
): Promise<Measured> {
  const before = await node.stats({ gc: false });
  const postgresBefore = databaseCpuMs();
  const result = await autocannon(options);
  const postgresAfter = databaseCpuMs();
  const after = await node.stats({ gc: false });
  const measured = summarise(name, what, result, after.cpuMs - before.cpuMs, {
    before: postgresBefore,
    after: postgresAfter,
  });
  console.log(
    `  ${name}: ${measured.requestsPerSecond} req/s, p50 ${measured.latencyMs.p50} ms, p99 ${measured.latencyMs.p99} ms, ${measured.ok} ok, ${measured.notOk} not 2xx (${measured.shed} shed), ${measured.errors} errors`,
  );
  return measured;
}

/**
 * Requests sent at an even pace (one every 1/rate s, whatever the answers
 * do), as a room's phones send them: autocannon's `overallRate` sends each
 * second's share in a burst, which measures a burst's queue, not a rate.
 */
async function measurePaced(
  node: ServerNode,
  run: {
    name: string;
    what: string;
    rate: number;
    count: number;
    request: () => { url: string; init: RequestInit };
  },
): Promise<Measured> {
  const before = await node.stats({ gc: false });
  const postgresBefore = databaseCpuMs();
  const latencies: number[] = [];
  const statuses: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let index = 0; index < run.count; index += 1) {
    const due = started + (index * 1000) / run.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { url, init } = run.request();
    const sentAt = performance.now();
    inFlight.push(
      fetch(url, init)
        .then(async (res) => {
          bytes += (await res.arrayBuffer()).byteLength;
          latencies.push(performance.now() - sentAt);
          statuses.push(res.status);
        })
        .catch(() => {
          errors += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  const postgresAfter = databaseCpuMs();
  const after = await node.stats({ gc: false });
  const sorted = [...latencies].sort((a, b) => a - b);
  const ok = statuses.filter((status) => status >= 200 && status < 300).length;
  const measured: Measured = {
    name: run.name,
    what: run.what,
    requestsPerSecond: round2(statuses.length / seconds),
    latencyMs: {
      p50: round2(percentile(sorted, 50)),
      p99: round2(percentile(sorted, 99)),
      max: round2(sorted.at(-1) ?? Number.NaN),
    },
    ok,
    notOk: statuses.length - ok,
    shed: statuses.filter((status) => status === 503).length,
    errors,
    bytesPerResponse: statuses.length > 0 ? Math.round(bytes / statuses.length) : 0,
    cpuMsPerRequest:
      statuses.length > 0 ? round2((after.cpuMs - before.cpuMs) / statuses.length) : 0,
    postgresCpuMsPerRequest: perRequest(postgresBefore, postgresAfter, statuses.length),
    seconds: round2(seconds),
  };
  console.log(
    `  ${run.name}: ${measured.requestsPerSecond} req/s, p50 ${measured.latencyMs.p50} ms, p99 ${measured.latencyMs.p99} ms, ${measured.ok} ok`,
  );
  return measured;
}

/** Each call hands out the next item; autocannon calls setupRequest once per request. */
function rotating<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => {
    const item = items[next % items.length] as T;
    next += 1;
    return item;
  };
}

export interface Result {
  mode: string;
  loadAverage: number[];
  options: Options;
  bare: Measured[];
  runs: Measured[];
  joined: number;
  /** The hot song's count in the host's snapshot, and how many of its requests were answered 201. */
  hotSong: { counted: number; created: number };
}

/** Two significant digits: the app's routes run at a small fraction of the ceiling. */
const ratio = (value: number) => `${Number(value.toPrecision(2))}×`;

function rows(result: Result): Row[] {
  const ceiling =
    result.bare.reduce((sum, run) => sum + run.requestsPerSecond, 0) / result.bare.length;
  const line = (run: Measured): Row => [
    `${run.name} — ${run.what}`,
    [
      `${run.requestsPerSecond}`,
      ratio(run.requestsPerSecond / ceiling),
      `${run.latencyMs.p50} / ${run.latencyMs.p99} / ${run.latencyMs.max}`,
      `${run.ok} / ${run.shed} / ${run.notOk - run.shed + run.errors}`,
      `${run.cpuMsPerRequest}`,
      Number.isNaN(run.postgresCpuMsPerRequest) ? '—' : `${run.postgresCpuMsPerRequest}`,
      `${run.bytesPerResponse}`,
    ].join(' | '),
  ];
  return [...result.bare.map(line), ...result.runs.map(line)];
}

function render(result: Result): string {
  const header = [
    'run',
    'req/s | × bare | latency ms p50 / p99 / max | 2xx / 503 shed / other | server CPU ms per request | Postgres CPU ms per request | bytes per answer',
  ] as const;
  const text = table(rows(result), header).replace(
    '| --- | --- |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  const join = result.runs.find((run) => run.name === 'join-burst');
  const burst = join
    ? `Join burst: ${result.options.joiners} attendees asked to join in ${join.seconds} s over ${result.options.joinConnections} connections, ${join.ok} were let in (${join.shed} shed with Retry-After); the event then counted ${result.joined} attendees.`
    : '';
  const targets = table(targetRows(targetsOf(result)), ['figure', 'value · target · verdict']);
  const hot = `Hot song: ${result.hotSong.created} requests answered 201; the host's snapshot counts ${result.hotSong.counted}.`;
  return `${machine(result.mode, result.loadAverage)}\n\n${targets}\n\n${text}\n\n${burst}\n\n${hot}`;
}

/**
 * Song requests a second into one event, and over EVENTS_AT_ONCE events at
 * once, with durable commits (every 201 on the disk): on Postgres 400 into
 * one event and 1,000 over ten; on the embedded PGlite 100 into one event
 * (its ten-event run is printed without a target: one laptop hosts one night).
 */
function perEventTargets(result: Result): Target[] {
  const postgres = result.mode.startsWith('postgres');
  const send = result.runs.find((run) => run.name === 'send-song-request');
  const spread = result.runs.find((run) => run.name === 'send-10-events');
  const targets: Target[] = [
    {
      figure: `send-song-request into one event, durable commits (${result.mode.split(' ')[0]})`,
      value: send?.requestsPerSecond ?? Number.NaN,
      unit: 'req/s',
      limit: 'min',
      target: postgres ? 400 : 100,
    },
  ];
  if (postgres) {
    targets.push({
      figure: `send-song-request over ${EVENTS_AT_ONCE} events at once, durable commits (postgres)`,
      value: spread?.requestsPerSecond ?? Number.NaN,
      unit: 'req/s',
      limit: 'min',
      target: 1000,
    });
  }
  return targets;
}

/** Issue 12's REST targets (CPU per call, sizes) and issue 25's requests a second per event. */
function targetsOf(result: Result): Target[] {
  const run = (name: string) => result.runs.find((candidate) => candidate.name === name);
  const send = run('send-song-request');
  const join = run('join-burst');
  const details = run('get-event-details');
  const hot = run('hot-song');
  const value = (figure: number | undefined) => figure ?? Number.NaN;
  return [
    {
      figure: 'send-song-request: server CPU per call',
      value: value(send?.cpuMsPerRequest),
      unit: 'ms',
      limit: 'max',
      target: 1,
    },
    ...perEventTargets(result),
    {
      figure: 'join burst: server CPU per join',
      value: value(join?.cpuMsPerRequest),
      unit: 'ms',
      limit: 'max',
      target: 1,
    },
    {
      figure: `host snapshot of ${result.options.eventRequests} requests: server CPU`,
      value: value(details?.cpuMsPerRequest),
      unit: 'ms',
      limit: 'max',
      target: 5,
    },
    {
      figure: `host snapshot of ${result.options.eventRequests} requests: size on the wire`,
      value: details ? round2(details.bytesPerResponse / 1024) : Number.NaN,
      unit: 'KiB',
      limit: 'max',
      target: 150,
    },
    {
      figure: `${result.options.hotSongRate} requests/s for one song from different attendees: p99`,
      value: value(hot?.latencyMs.p99),
      unit: 'ms',
      limit: 'max',
      target: 50,
    },
    {
      figure: "that song's count against the requests answered 201 (difference; exact)",
      value: Math.abs(result.hotSong.counted - result.hotSong.created),
      unit: '',
      limit: 'max',
      target: 0,
    },
  ];
}

export async function runRest(options: Options): Promise<Result> {
  const loadAverage = os.loadavg();
  // A few senders post thousands of requests: the per-user limit would refuse them.
  const scratch = await createScratch({ SONG_REQUEST_RATE_LIMIT_PER_MINUTE: '0' });
  const nodes: ServerNode[] = [];
  try {
    const logger = createLogger(scratch.config);
    const ctx = await createAppContext(scratch.config, logger);
    console.log(`rest: ${scratch.mode}, seeding…`);
    const seeded = await (async () => {
      try {
        const { db, config } = { db: ctx.db, config: scratch.config };
        const songs = await catalogSongs(db, CATALOG_SONGS);
        const big = await seedEvent(db, config);
        const crowd = await seedGuests(
          db,
          config,
          Math.ceil(options.eventRequests / REQUESTS_PER_ATTENDEE),
          big.eventId,
        );
        const distinctSongs = await seedRequests(
          db,
          big.eventId,
          crowd,
          songs,
          options.eventRequests,
        );
        const sendEvent = await seedEvent(db, config);
        const senders = await seedGuests(db, config, SENDERS, sendEvent.eventId);
        const spread: Array<{ eventId: number; senders: User[] }> = [];
        for (let index = 0; index < EVENTS_AT_ONCE; index += 1) {
          const event = await seedEvent(db, config);
          const guests = await seedGuests(db, config, SENDERS / EVENTS_AT_ONCE, event.eventId);
          spread.push({ eventId: event.eventId, senders: guests });
        }
        const joinEvent = await seedEvent(db, config);
        const joiners = await seedGuests(db, config, options.joiners);
        const warmUpEvent = await seedEvent(db, config);
        const warmUpJoiners = await seedGuests(db, config, joinWarmUpSize(options.joiners));
        const hotEvent = await seedEvent(db, config);
        const hotFans = await seedGuests(
          db,
          config,
          options.hotSongRate * options.durationSeconds,
          hotEvent.eventId,
        );
        return {
          songs,
          big,
          distinctSongs,
          sendEvent,
          senders,
          spread,
          joinEvent,
          joiners,
          warmUpEvent,
          warmUpJoiners,
          hotEvent,
          hotFans,
        };
      } finally {
        await ctx.close();
      }
    })();

    const bareNode = await startNode(scratch.env, 'bare');
    nodes.push(bareNode);
    const app = await startNode(scratch.env, 'app');
    nodes.push(app);
    const common = { connections: options.connections, duration: options.durationSeconds };
    const bare = () =>
      measure(bareNode, 'bare', 'Fastify, one JSON route', {
        ...common,
        url: `${bareNode.url}/bare`,
      });

    console.log('rest: measuring…');
    const bareFirst = await bare();
    const runs: Measured[] = [];
    const wanted = (name: string) => !options.only || options.only.has(name);

    if (wanted('get-event-details')) {
      const snapshotUrl = `${app.url}/api/v1/get-event-details?id=${seeded.big.eventId}`;
      const hostAuthorization = `Bearer ${seeded.big.host.token}`;
      const json = await fetch(snapshotUrl, {
        headers: { authorization: hostAuthorization, 'accept-encoding': 'identity' },
      });
      const jsonKiB = round2((await json.arrayBuffer()).byteLength / 1024);
      runs.push(
        await measure(
          app,
          'get-event-details',
          `host snapshot, ${options.eventRequests} requests of ${seeded.distinctSongs} songs, ${options.detailsConnections} connections, compressed as a browser takes it (${jsonKiB} KiB of JSON)`,
          {
            ...common,
            connections: options.detailsConnections,
            url: snapshotUrl,
            headers: {
              authorization: hostAuthorization,
              'accept-encoding': BROWSER_ACCEPT_ENCODING,
            },
          },
        ),
      );
    }

    const pairs = seeded.songs.flatMap((song) =>
      seeded.senders.map((sender) => ({ sender, songId: song.id })),
    );
    const nextPair = rotating(pairs);
    if (wanted('send-song-request')) {
      runs.push(
        await measure(app, 'send-song-request', 'each a new request (a write and its pushes)', {
          ...common,
          url: app.url,
          requests: [
            {
              method: 'POST',
              path: '/api/v1/send-song-request',
              setupRequest: (request) => {
                const { sender, songId } = nextPair();
                return {
                  ...request,
                  headers: {
                    authorization: `Bearer ${sender.token}`,
                    'content-type': 'application/json',
                  },
                  body: JSON.stringify({ event_id: seeded.sendEvent.eventId, song_id: songId }),
                };
              },
            },
          ],
        }),
      );
    }

    // The same load spread over ten events, as one node serving ten venues' nights.
    const spreadPairs = seeded.songs.flatMap((song) =>
      seeded.spread.flatMap(({ eventId, senders }) =>
        senders.map((sender) => ({ eventId, sender, songId: song.id })),
      ),
    );
    const nextSpreadPair = rotating(spreadPairs);
    if (wanted('send-10-events') && scratch.mode.startsWith('postgres')) {
      runs.push(
        await measure(
          app,
          'send-10-events',
          `each a new request, spread over ${EVENTS_AT_ONCE} events`,
          {
            ...common,
            url: app.url,
            requests: [
              {
                method: 'POST',
                path: '/api/v1/send-song-request',
                setupRequest: (request) => {
                  const { eventId, sender, songId } = nextSpreadPair();
                  return {
                    ...request,
                    headers: {
                      authorization: `Bearer ${sender.token}`,
                      'content-type': 'application/json',
                    },
                    body: JSON.stringify({ event_id: eventId, song_id: songId }),
                  };
                },
              },
            ],
          },
        ),
      );
    }

    /** `joiners` each join the event with `code` once, over the join connections. */
    const joinBurst = (name: string, what: string, joiners: User[], code: string) => {
      const nextJoiner = rotating<User>(joiners);
      return measure(app, name, what, {
        url: app.url,
        connections: Math.min(options.joinConnections, joiners.length),
        amount: joiners.length,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/join-event',
            setupRequest: (request) => {
              const joiner = nextJoiner();
              return {
                ...request,
                headers: {
                  authorization: `Bearer ${joiner.token}`,
                  'content-type': 'application/json',
                },
                body: JSON.stringify({ event_code: code }),
              };
            },
          },
        ],
      });
    };
    if (wanted('join-burst')) {
      // A node that has served no join yet runs the path cold (JIT); a venue's doors open on a
      // node that has. Another event's burst first, not counted.
      await joinBurst(
        'join-warm-up',
        'warm-up, not counted',
        seeded.warmUpJoiners,
        seeded.warmUpEvent.code,
      );
      runs.push(
        await joinBurst(
          'join-burst',
          `${options.joiners} attendees join one event`,
          seeded.joiners,
          seeded.joinEvent.code,
        ),
      );
    }

    const hotSongId = seeded.songs[0]?.id ?? '';
    const nextFan = rotating<User>(seeded.hotFans);
    const hot = !wanted('hot-song')
      ? undefined
      : await measurePaced(app, {
          name: 'hot-song',
          what: `${options.hotSongRate} requests/s for one song, each from a different attendee, evenly spaced`,
          rate: options.hotSongRate,
          count: seeded.hotFans.length,
          request: () => ({
            url: `${app.url}/api/v1/send-song-request`,
            init: {
              method: 'POST',
              headers: {
                authorization: `Bearer ${nextFan().token}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ event_id: seeded.hotEvent.eventId, song_id: hotSongId }),
            },
          }),
        });
    if (hot) runs.push(hot);

    const details = await fetchAdmitted(
      `${app.url}/api/v1/get-event-details?id=${seeded.joinEvent.eventId}`,
      { headers: { authorization: `Bearer ${seeded.joinEvent.host.token}` } },
    );
    const body = (await details.json()) as { data?: { enrolled_users_count?: number } };
    const hotDetails = await fetchAdmitted(
      `${app.url}/api/v1/get-event-details?id=${seeded.hotEvent.eventId}`,
      { headers: { authorization: `Bearer ${seeded.hotEvent.host.token}` } },
    );
    const hotBody = (await hotDetails.json()) as {
      data?: { grouped_song_requests?: Array<{ song_id: string; request_count: number }> };
    };
    const hotEntry = hotBody.data?.grouped_song_requests?.find(
      (song) => song.song_id === hotSongId,
    );
    const bareLast = await bare();

    const result: Result = {
      mode: scratch.mode,
      loadAverage,
      options,
      bare: [bareFirst, bareLast],
      runs,
      joined: wanted('join-burst') ? (body.data?.enrolled_users_count ?? -1) : options.joiners,
      hotSong: hot
        ? { counted: hotEntry?.request_count ?? -1, created: hot.ok }
        : { counted: 0, created: 0 },
    };
    await publish(
      `REST: ${options.connections} connections × ${options.durationSeconds} s, ${options.eventRequests}-request event, ${options.joiners} joiners, ${options.hotSongRate}/s for one song`,
      render(result),
      options.record,
    );
    return result;
  } finally {
    await Promise.all(nodes.map((node) => node.close()));
    await scratch.cleanup();
  }
}

runWhenInvoked(import.meta.filename, async () => {
  const result = await runRest(parseOptions(process.argv.slice(2)));
  const failed = result.runs.some((run) => run.notOk > run.shed || run.errors > 0);
  const joins = result.runs.find((run) => run.name === 'join-burst');
  const exact = result.hotSong.counted === result.hotSong.created;
  return !failed && exact && result.joined === (joins?.ok ?? result.options.joiners);
});
