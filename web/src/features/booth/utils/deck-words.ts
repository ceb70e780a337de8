import type { BridgeKey, BridgeSource, TrackOutcome } from '@floorfill/shared';

/** What became of a reported track, in the booth's words. */
export const TRACK_OUTCOME_WORDS: Record<TrackOutcome, string> = {
  marked: 'Marked playing',
  unmatched: 'Not requested',
  'not-following': 'Follow the decks off',
  'already-playing': 'Already playing',
  superseded: 'Came late',
};

/** The software (or feed) a bridge reads, as DJs call it. */
export const SOURCE_NAMES: Record<BridgeSource, string> = {
  serato: 'Serato',
  virtualdj: 'VirtualDJ',
  traktor: 'Traktor',
  mixxx: 'Mixxx',
  'engine-dj': 'Engine DJ',
  prolink: 'Pioneer PRO DJ LINK',
  text: 'Text file',
  http: 'HTTP feed',
};

/** The sources the bridge reads today (Engine DJ and PRO DJ LINK are not built yet). */
export const PICKABLE_SOURCES = [
  'serato',
  'virtualdj',
  'traktor',
  'mixxx',
  'text',
  'http',
] as const satisfies readonly BridgeSource[];
export type PickableSource = (typeof PICKABLE_SOURCES)[number];

/** What a source needs beside the one command, when it needs anything. */
export const SOURCE_HINTS: Partial<Record<PickableSource, string>> = {
  traktor: 'Add --password with the broadcast password set in Traktor.',
  mixxx: 'Add --password with the broadcast password set in Mixxx.',
  text: 'Add --file with the file that gets an “Artist - Title” line per track.',
};

/**
 * The bridge a DJ downloads: one file the server hands out beside the web
 * app (`bridge/build.ts` writes it to `web/dist/downloads/`); Node 20 or
 * newer runs it.
 */
export const BRIDGE_DOWNLOAD = {
  href: '/downloads/floorfill-bridge.mjs',
  fileName: 'floorfill-bridge.mjs',
} as const;

/** Where the build lists the bridge's single executables (`bridge/build.ts`). */
export const BRIDGE_EXECUTABLES_PATH = '/downloads/executables.json';

const SYSTEM_NAMES: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

/** "Linux (x64)": the system an executable runs on, as a DJ names it. */
export function systemName({ os, arch }: { os: string; arch: string }): string {
  return `${SYSTEM_NAMES[os] ?? os} (${arch})`;
}

/** The one command that pairs the downloaded bridge and starts it, an option and its value a part. */
export function bridgeCommandParts(
  origin: string,
  pairingCode: string,
  source: PickableSource,
): string[] {
  return [
    `node ${BRIDGE_DOWNLOAD.fileName}`,
    `--server ${origin}`,
    `--pair ${pairingCode}`,
    `--source ${source}`,
  ];
}

export function bridgeCommand(origin: string, pairingCode: string, source: PickableSource): string {
  return bridgeCommandParts(origin, pairingCode, source).join(' ');
}

/**
 * A running bridge asks for its settings every 30 s or so (and on every
 * track): silence for this long means it stopped, lost the network, or the
 * laptop slept.
 */
export const BRIDGE_SILENT_AFTER_MS = 2 * 60_000;

/** How long ago, short: "12 s", "4 min", "2 h". */
export function formatAgo(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h`;
}

export type BridgeKeyState = 'connected' | 'silent' | 'waiting' | 'expired';

/** Where a bridge key stands now, and the words for it; all but connected are warnings. */
export function bridgeKeyStatus(
  key: Pick<BridgeKey, 'paired_at' | 'last_seen_at' | 'pairing_expires_at'>,
  now: number,
): { state: BridgeKeyState; words: string } {
  if (!key.paired_at) {
    const expires = key.pairing_expires_at ? Date.parse(key.pairing_expires_at) : 0;
    return expires > now
      ? { state: 'waiting', words: 'Waiting to pair' }
      : { state: 'expired', words: 'Code expired before pairing' };
  }
  const since = now - Date.parse(key.last_seen_at ?? key.paired_at);
  if (since >= BRIDGE_SILENT_AFTER_MS) {
    return { state: 'silent', words: `Not seen for ${formatAgo(since)}` };
  }
  return { state: 'connected', words: `Connected · seen ${formatAgo(since)} ago` };
}
