#!/usr/bin/env node
import { homedir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BRIDGE_SOURCES,
  bridgeTrackId,
  PLAY_SECONDS,
  type BridgeSource,
  type BridgeTrack,
  type DeckSettings,
  type ReportTrackData,
} from '@floorfill/shared';
import { createOnAirRule } from './on-air.ts';
import { openOutbox } from './outbox.ts';
import { readPairing, savePairing, type SavedPairing } from './pairing-file.ts';
import { serveHttpFeed } from './readers/http-feed.ts';
import { receiveIcecast } from './readers/icecast.ts';
import { followSerato } from './readers/serato.ts';
import { followTextFile } from './readers/text-file.ts';
import { followVirtualDj } from './readers/virtualdj.ts';
import { createServerApi, ServerRefusal } from './server-api.ts';
import type { DeckEvent, Reader, TrackStarted } from './track.ts';

/** How often the bridge asks for the booth's settings (and shows itself alive there). */
const STATUS_EVERY_MS = 30_000;
const DEFAULT_ICECAST_PORT = 8000;
const DEFAULT_FEED_PORT = 8765;

const USAGE = `floorfill-bridge: marks the event's requests as the decks play them.

  floorfill-bridge --server https://your.floorfill --pair K7QM-3XWD --source virtualdj
  floorfill-bridge --source virtualdj            (paired before: the same event again)

  --server URL      the Floorfill server (as the booth's address bar shows it)
  --pair CODE       the pairing code the booth shows under "Follow the decks"
  --source NAME     serato | virtualdj | traktor | mixxx | text | http
  --folder PATH     Serato's History/Sessions or VirtualDJ's History folder
                    (default: where the software keeps it on this computer)
  --file PATH       for --source text: the file that gets an "Artist - Title" line per track
  --port N          traktor/mixxx: the broadcast port (default ${DEFAULT_ICECAST_PORT});
                    http: the feed's port (default ${DEFAULT_FEED_PORT}); both on 127.0.0.1 only
  --password TEXT   traktor/mixxx: the broadcast password set in the DJ software
  --home PATH       where the pairing and the outbox are kept (default ~/.floorfill-bridge)
`;

/** Where each software keeps its history on this computer, by platform. */
function defaultFolder(source: BridgeSource): string | undefined {
  const home = homedir();
  if (source === 'serato') return path.join(home, 'Music', '_Serato_', 'History', 'Sessions');
  if (source === 'virtualdj') {
    if (process.platform === 'darwin') {
      return path.join(home, 'Library', 'Application Support', 'VirtualDJ', 'History');
    }
    if (process.platform === 'win32')
      return path.join(home, 'AppData', 'Local', 'VirtualDJ', 'History');
    return path.join(home, 'Documents', 'VirtualDJ', 'History');
  }
  return undefined;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

function describeOutcome(answer: ReportTrackData): string {
  switch (answer.outcome) {
    case 'marked':
      return 'marked playing in the queue';
    case 'already-playing':
      return 'already playing in the queue';
    case 'unmatched':
      return 'not requested';
    case 'not-following':
      return 'not marked: "Follow the decks" is off in the booth';
    case 'superseded':
      return 'not marked: a later track was reported first';
  }
}

interface Options {
  server?: string | undefined;
  pair?: string | undefined;
  source: BridgeSource;
  folder?: string | undefined;
  file?: string | undefined;
  port?: number | undefined;
  password?: string | undefined;
  home: string;
}

function readOptions(argv: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        server: { type: 'string' },
        pair: { type: 'string' },
        source: { type: 'string' },
        folder: { type: 'string' },
        file: { type: 'string' },
        port: { type: 'string' },
        password: { type: 'string' },
        home: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) {
    say(USAGE);
    process.exit(0);
  }
  const source = values.source as BridgeSource | undefined;
  if (
    !source ||
    !BRIDGE_SOURCES.includes(source) ||
    source === 'engine-dj' ||
    source === 'prolink'
  ) {
    throw new UsageError('Say which software to follow with --source.');
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65_536)) {
    throw new UsageError('--port must be a port number.');
  }
  return {
    server: values.server,
    pair: values.pair,
    source,
    folder: values.folder,
    file: values.file,
    port,
    password: values.password,
    home: values.home ?? path.join(homedir(), '.floorfill-bridge'),
  };
}

class UsageError extends Error {
  override name = 'UsageError';
}

function startReader(options: Options, onEvent: (event: DeckEvent) => void): Reader {
  const onError = (error: unknown) =>
    say(
      `Could not read ${options.source}: ${error instanceof Error ? error.message : String(error)}`,
    );
  switch (options.source) {
    case 'serato':
    case 'virtualdj': {
      const folder = options.folder ?? defaultFolder(options.source);
      if (!folder) throw new UsageError('Say where the history is with --folder.');
      say(
        `Following ${options.source === 'serato' ? 'Serato' : 'VirtualDJ'}'s history in ${folder}`,
      );
      return options.source === 'serato'
        ? followSerato({ folder, onEvent, onError })
        : followVirtualDj({ folder, onEvent, onError });
    }
    case 'traktor':
    case 'mixxx': {
      if (!options.password) throw new UsageError('Set the broadcast password with --password.');
      const port = options.port ?? DEFAULT_ICECAST_PORT;
      say(`Receiving the ${options.source} broadcast on 127.0.0.1:${port}`);
      return receiveIcecast({
        source: options.source,
        port,
        password: options.password,
        onEvent,
        onError,
      });
    }
    case 'text': {
      if (!options.file) throw new UsageError('Say which file to follow with --file.');
      say(`Following ${options.file}`);
      return followTextFile({ file: options.file, onEvent, onError });
    }
    case 'http': {
      const port = options.port ?? DEFAULT_FEED_PORT;
      say(`Taking POST http://127.0.0.1:${port}/now-playing`);
      return serveHttpFeed({ port, onEvent });
    }
    default:
      throw new UsageError(`${options.source} is not read by this bridge yet.`);
  }
}

async function pairing(options: Options): Promise<SavedPairing> {
  const saved = await readPairing(options.home);
  if (!options.pair) {
    if (!saved)
      throw new UsageError('Pair first: --server <address> --pair <code from the booth>.');
    if (options.server && new URL(options.server).origin !== new URL(saved.server).origin) {
      throw new UsageError(
        `Paired with ${saved.server}: pair again with --pair for another server.`,
      );
    }
    return saved;
  }
  const server = options.server ?? saved?.server;
  if (!server) throw new UsageError('Say which server with --server.');
  const paired = await createServerApi(server).pair(options.pair);
  const pairingNow = { server: new URL(server).origin, token: paired.token, event: paired.event };
  await savePairing(options.home, pairingNow);
  return pairingNow;
}

/** Runs until SIGINT or SIGTERM; every track start is kept in the outbox until the server has it. */
async function run(options: Options): Promise<void> {
  const paired = await pairing(options);
  const api = createServerApi(paired.server);
  say(`Paired with “${paired.event.name}” (${paired.event.code}) on ${paired.server}`);

  let settings: DeckSettings = { follow_decks: true, play_seconds: PLAY_SECONDS.default };
  let revoked = false;
  const stop = new AbortController();
  const revokedNow = () => {
    if (revoked) return;
    revoked = true;
    say('This bridge key was revoked in the booth. Pair again with a new code.');
    stop.abort();
  };
  const refreshSettings = async () => {
    try {
      const now = await api.status(paired.token, options.source);
      if (now.follow_decks !== settings.follow_decks) {
        say(
          now.follow_decks
            ? 'The booth follows the decks.'
            : '"Follow the decks" is off in the booth.',
        );
      }
      settings = now;
    } catch (error) {
      if (error instanceof ServerRefusal && error.status === 401) revokedNow();
      // Offline: the last settings stand; tracks wait in the outbox.
    }
  };
  await refreshSettings();

  const outbox = await openOutbox({
    file: path.join(options.home, 'outbox.jsonl'),
    send: (track) =>
      api.report(paired.token, track, (answer) => {
        settings = answer.settings;
        say(
          `▶ ${track.artist ? `${track.artist} – ` : ''}${track.title}: ${describeOutcome(answer)}`,
        );
      }),
    onDropped: (track, result) => {
      if (result === 'revoked') revokedNow();
      else say(`The server refused “${track.title}”; it is not sent again.`);
    },
  });

  const rule = createOnAirRule({
    playSeconds: () => settings.play_seconds,
    // Whole seconds, as history files write times: a track that began in this very second is news.
    since: new Date(Math.floor(Date.now() / 1000) * 1000),
    source: options.source,
    onStarted: (started: TrackStarted) => {
      const report: BridgeTrack = {
        id: bridgeTrackId(started),
        title: started.title,
        artist: started.artist,
        started_at: started.startedAt.toISOString(),
        deck: started.deck,
        source: started.source,
      };
      void outbox.add(report);
    },
  });
  const reader = startReader(options, (event) => rule.push(event));
  await reader.ready;
  const timer = setInterval(() => void refreshSettings(), STATUS_EVERY_MS);

  await new Promise<void>((resolve) => {
    if (revoked) resolve();
    stop.signal.addEventListener('abort', () => resolve());
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  clearInterval(timer);
  rule.close();
  await reader.close();
  await outbox.close();
  if (revoked) process.exitCode = 2;
}

async function main(): Promise<void> {
  try {
    await run(readOptions(process.argv.slice(2)));
  } catch (error) {
    if (error instanceof UsageError || error instanceof ServerRefusal) {
      say(error.message);
      if (error instanceof UsageError) say(`\n${USAGE}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

// Not a top-level await: the single executable runs this file as CommonJS.
main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
