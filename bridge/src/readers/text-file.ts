import { followFile, theFile } from '../follow-file.ts';
import { artistAndTitle, createLineSplitter } from '../lines.ts';
import type { DeckEvent, Reader } from '../track.ts';

export interface TextFileOptions {
  /** A file that something else (an OBS plugin, What's Now Playing) writes "Artist - Title" lines to. */
  file: string;
  onEvent(event: DeckEvent): void;
  onError?(error: unknown): void;
  intervalMs?: number;
}

/**
 * A generic feed: each line written to the file from now on is the track on
 * air, "Artist - Title" (a line without " - " is a title alone). What the
 * file held before the bridge started is not read. A file rewritten with one
 * line (as many "now playing" writers do) counts as that line written.
 */
export function followTextFile({ file, onEvent, onError, intervalMs }: TextFileOptions): Reader {
  const lines = createLineSplitter((line) => {
    const text = line.trim();
    if (!text) return;
    const track = artistAndTitle(text) ?? { artist: '', title: text };
    onEvent({ kind: 'on-air', deck: null, track, at: new Date() });
  });
  const follower = followFile(theFile(file), {
    fromStart: false,
    intervalMs,
    onError,
    onBytes: (bytes, restarted) => lines.push(bytes, restarted),
  });
  return { source: 'text', ready: follower.ready, close: () => follower.close() };
}
