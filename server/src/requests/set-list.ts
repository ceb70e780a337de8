import type { GroupedSongRequest } from '@floorfill/shared';

/**
 * The night's set list as a file for the DJ to keep: a spreadsheet (CSV) or
 * a playlist (M3U) of every played song in play order. Song titles and
 * artists come from guests, so both formats treat them as hostile text.
 */

export interface SetList {
  event: { name: string; code: string; timezone: string };
  songs: Array<{ song: GroupedSongRequest; playedAt: Date }>;
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
  const rows = list.songs.map(({ song, playedAt }, index) =>
    [
      index + 1,
      playedAt.toISOString(),
      clockTime(playedAt, list.event.timezone),
      song.song_name,
      song.song_artist,
      song.album_name,
      song.request_count,
      // One request per guest and song: as many people asked as there are requests.
      song.request_count,
      song.dedication_count,
      song.song_id,
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
  for (const { song } of list.songs) {
    const title = oneLine(
      song.song_artist ? `${song.song_artist} - ${song.song_name}` : song.song_name,
    );
    lines.push(`#EXTINF:${song.song_duration},${title}`);
    // A player needs a location per entry: the song's link, or its name for DJ software to match.
    lines.push(song.song_link ?? title);
  }
  return `${lines.join('\n')}\n`;
}

/** The download's file name: the event's code and the date, nothing a guest typed. */
export function setListFileName(list: SetList, format: 'csv' | 'm3u', now = new Date()): string {
  return `floorfill-set-list-${list.event.code}-${now.toISOString().slice(0, 10)}.${format}`;
}
