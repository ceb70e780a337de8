import { followFile, newestIn } from '../follow-file.ts';
import { artistAndTitle, createLineSplitter } from '../lines.ts';
import type { DeckEvent, Reader } from '../track.ts';

export interface VirtualDjOptions {
  /** VirtualDJ's `History` folder; it writes one `.m3u` a day there. */
  folder: string;
  onEvent(event: DeckEvent): void;
  onError?(error: unknown): void;
  intervalMs?: number;
}

/** The value of one `<tag>…</tag>` of an `#EXTVDJ:` line, its XML entities read. */
function tagValue(line: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(line);
  if (!match?.[1]) return undefined;
  return match[1]
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** The file name without folders or extension: "Artist - Title" in most collections. */
function baseName(location: string): string {
  const name = location.split(/[\\/]/).pop() ?? location;
  return name.replace(/\.[a-z0-9]{2,4}$/i, '');
}

/**
 * VirtualDJ's history: each track it played is appended to the day's M3U as
 * an `#EXTVDJ:` line (`<lastplaytime>` in Unix seconds, `<artist>`,
 * `<title>`, `<remix>`) followed by the file's path. VirtualDJ adds a track
 * there only once it has been played, so an entry is on air from
 * `lastplaytime`. A track without tags is named from its file.
 */
export function followVirtualDj({
  folder,
  onEvent,
  onError,
  intervalMs,
}: VirtualDjOptions): Reader {
  let extvdj: string | null = null;
  const lines = createLineSplitter((line) => {
    if (line.startsWith('#EXTVDJ:')) {
      extvdj = line;
      return;
    }
    if (line.startsWith('#') || line.trim() === '') return;
    const info = extvdj ?? '';
    extvdj = null;
    const fromName = artistAndTitle(baseName(line.trim()));
    const remix = tagValue(info, 'remix');
    const title = tagValue(info, 'title') ?? fromName?.title ?? baseName(line.trim());
    const artist = tagValue(info, 'artist') ?? fromName?.artist ?? '';
    const seconds = Number(tagValue(info, 'lastplaytime'));
    onEvent({
      kind: 'on-air',
      deck: null,
      track: { artist, title: remix ? `${title} (${remix})` : title },
      at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
    });
  });
  const follower = followFile(newestIn(folder, ['.m3u', '.m3u8']), {
    fromStart: true,
    intervalMs,
    onError,
    onBytes: (bytes, restarted) => {
      if (restarted) extvdj = null;
      lines.push(bytes, restarted);
    },
  });
  return { source: 'virtualdj', ready: follower.ready, close: () => follower.close() };
}
