import type { GroupedSongRequest } from '@floorfill/shared';

/**
 * The night's set list as a file for the DJ to keep: a spreadsheet (CSV) or
 * a playlist (M3U) of every played song in play order — the requested songs
 * that played, and the tracks the decks played that nobody asked for (a
 * bridge reported them; 0 requests). Titles and artists come from guests and
 * from DJ software, so both formats treat them as hostile text.
 */

export interface SetListSong {
  playedAt: Date;
  title: string;
  artist: string | null;
  album: string;
  requests: number;
  dedications: number;
  /** The queue's song id; empty for a track nobody requested. */
  songId: string;
  /** Seconds; -1 when not known (M3U's own "unknown"). */
  duration: number;
  link: string | null;
}

export interface SetList {
  event: { name: string; code: string; timezone: string };
  songs: SetListSong[];
}

/** A played queue entry as a set list row. */
export function requestedSong(song: GroupedSongRequest, playedAt: Date): SetListSong {
  return {
    playedAt,
    title: song.song_name,
    artist: song.song_artist,
    album: song.album_name,
    requests: song.request_count,
    dedications: song.dedication_count,
    songId: song.song_id,
    duration: song.song_duration,
    link: song.song_link,
  };
}

/** A track the decks played that matched no request. */
export function unrequestedTrack(track: {
  title: string;
  artist: string;
  startedAt: Date;
}): SetListSong {
  return {
    playedAt: track.startedAt,
    title: track.title,
    artist: track.artist || null,
    album: '',
    requests: 0,
    dedications: 0,
    songId: '',
    duration: -1,
    link: null,
  };
}

/** Both kinds in play order. */
export function inPlayOrder(songs: SetListSong[]): SetListSong[] {
  return [...songs].sort((a, b) => a.playedAt.getTime() - b.playedAt.getTime());
}

/** Time of day in the event's zone, 24-hour, as a DJ reads a set list. */
function clockTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/**
 * One CSV cell (RFC 4180: quoted when needed, quotes doubled). A cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with
 * an apostrophe: a title like `=HYPERLINK(...)` stays text.
 */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const SET_LIST_CSV_HEADER = [
  'position',
  'played_at',
  'time',
  'title',
  'artist',
  'album',
  'requests',
  'requesters',
  'dedications',
  'song_id',
] as const;

export function setListCsv(list: SetList): string {
  const rows = list.songs.map((song, index) =>
    [
      index + 1,
      song.playedAt.toISOString(),
      clockTime(song.playedAt, list.event.timezone),
      song.title,
      song.artist,
      song.album,
      song.requests,
      // One request per guest and song: as many people asked as there are requests.
      song.requests,
      song.dedications,
      song.songId,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[SET_LIST_CSV_HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}

/** M3U lines hold no line breaks: a title's are turned into spaces. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

export function setListM3u(list: SetList): string {
  const lines = ['#EXTM3U', `#PLAYLIST:${oneLine(list.event.name)}`];
  for (const song of list.songs) {
    const title = oneLine(song.artist ? `${song.artist} - ${song.title}` : song.title);
    lines.push(`#EXTINF:${song.duration},${title}`);
    // A player needs a location per entry: the song's link, or its name for DJ software to match.
    lines.push(song.link ?? title);
  }
  return `${lines.join('\n')}\n`;
}

/** The download's file name: the event's code and the date, nothing a guest typed. */
export function setListFileName(list: SetList, format: 'csv' | 'm3u', now = new Date()): string {
  return `floorfill-set-list-${list.event.code}-${now.toISOString().slice(0, 10)}.${format}`;
}
