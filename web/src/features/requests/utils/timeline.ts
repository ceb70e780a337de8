import { LINE_SIZE, type EventLine, type NowPlaying, type SongRequest } from '@floorfill/shared';

/**
 * Where one of the guest's requests stands (issue 15's timeline): waiting,
 * #N in line → up next → playing now → played at 23:41, or not this time
 * when the DJ rejected it. Worked out on the phone from what the room hears:
 * the line (the first waiting songs with their lengths), the now-playing
 * song, and the guest's own requests.
 */
export type RequestStage =
  | { kind: 'playing' }
  /** First in line; `waitSeconds` is what is left of the song playing now (0: nothing plays). */
  | { kind: 'up-next'; waitSeconds: number }
  | { kind: 'waiting'; position: number; waitSeconds: number }
  /** Further back than the line lists: no estimate. */
  | { kind: 'far' }
  /** Waiting, not in the line yet (the room's next line is on its way). */
  | { kind: 'queued' }
  | { kind: 'played'; at: string | null }
  | { kind: 'rejected' };

export interface RoomView {
  nowPlaying: NowPlaying | null;
  line: EventLine | null;
  /** Milliseconds since the epoch. */
  now: number;
}

/**
 * A song too short to be a real length (the spec's default is 5 s, sent when
 * the client does not know it) counts as a typical song in an estimate.
 */
export const SHORTEST_REAL_SONG_SECONDS = 30;
export const TYPICAL_SONG_SECONDS = 210;

export function songSeconds(duration: number): number {
  return duration >= SHORTEST_REAL_SONG_SECONDS ? duration : TYPICAL_SONG_SECONDS;
}

/** What is left of the song playing now, in seconds (0 when nothing plays or it ran over). */
export function remainingSeconds(nowPlaying: NowPlaying | null, now: number): number {
  if (!nowPlaying) return 0;
  const elapsed = (now - Date.parse(nowPlaying.started_at)) / 1000;
  return Math.max(0, songSeconds(nowPlaying.song_duration) - elapsed);
}

export function requestStage(
  request: SongRequest,
  rejected: boolean,
  { nowPlaying, line, now }: RoomView,
): RequestStage {
  if (rejected) return { kind: 'rejected' };
  if (nowPlaying?.song_id === request.song_id) return { kind: 'playing' };
  if (request.status === 1) return { kind: 'played', at: request.played_at };
  // A line read before the current song started may still list it: it waits no more.
  const waiting = (line?.songs ?? []).filter(([songId]) => songId !== nowPlaying?.song_id);
  const index = waiting.findIndex(([songId]) => songId === request.song_id);
  if (index === -1) return line?.more ? { kind: 'far' } : { kind: 'queued' };
  const ahead = waiting
    .slice(0, index)
    .reduce((total, [, duration]) => total + songSeconds(duration), 0);
  const waitSeconds = remainingSeconds(nowPlaying, now) + ahead;
  if (index === 0) return { kind: 'up-next', waitSeconds };
  return { kind: 'waiting', position: index + 1, waitSeconds };
}

/** "in about 12 min"; under a minute, "in less than a minute". */
export function formatWait(seconds: number): string {
  if (seconds < 60) return 'in less than a minute';
  return `in about ${Math.round(seconds / 60)} min`;
}

/** The stage in words, as the timeline shows it. */
export function stageLabel(stage: RequestStage, formatTime: (iso: string) => string): string {
  switch (stage.kind) {
    case 'playing':
      return 'Playing now';
    case 'up-next':
      return stage.waitSeconds > 0 ? `Up next · ${formatWait(stage.waitSeconds)}` : 'Up next';
    case 'waiting':
      return `#${stage.position} in line · ${formatWait(stage.waitSeconds)}`;
    case 'far':
      return `Waiting · more than ${LINE_SIZE} songs ahead`;
    case 'queued':
      return 'Waiting in line';
    case 'played':
      return stage.at ? `Played at ${formatTime(stage.at)}` : 'Played';
    case 'rejected':
      return 'Not this time';
  }
}

/** The timeline's order: what plays, then the line's order, then played (latest first), then rejected. */
function stageRank(stage: RequestStage): number {
  switch (stage.kind) {
    case 'playing':
      return 0;
    case 'up-next':
      return 1;
    case 'waiting':
      return 1 + stage.position;
    case 'queued':
      return LINE_SIZE + 2;
    case 'far':
      return LINE_SIZE + 3;
    case 'played':
      return LINE_SIZE + 4;
    case 'rejected':
      return LINE_SIZE + 5;
  }
}

export interface TimelineItem {
  request: SongRequest;
  stage: RequestStage;
}

/** The guest's requests with their stages, in the timeline's order. */
export function timelineOf(
  requests: readonly SongRequest[],
  rejected: readonly SongRequest[],
  room: RoomView,
): TimelineItem[] {
  const items = [
    ...requests.map((request) => ({ request, stage: requestStage(request, false, room) })),
    ...rejected.map((request) => ({ request, stage: requestStage(request, true, room) })),
  ];
  return items.sort((a, b) => {
    const byStage = stageRank(a.stage) - stageRank(b.stage);
    if (byStage !== 0) return byStage;
    if (a.stage.kind === 'played' && b.stage.kind === 'played') {
      return (b.stage.at ?? '').localeCompare(a.stage.at ?? '');
    }
    return a.request.created_at.localeCompare(b.request.created_at);
  });
}
