import type { BridgeSource } from '@floorfill/shared';

/** The DJ software a track came from, as the server is told it. */
export type SourceName = BridgeSource;

export interface Track {
  artist: string;
  title: string;
}

/**
 * What a reader saw, in the order it happened. Only `playing` (for long
 * enough) and `on-air` can make a track count as started; a track that is
 * only loaded, cued or previewed never does.
 */
export type DeckEvent =
  /** The deck holds this track but is not playing it to the room. */
  | { kind: 'loaded'; deck: string; track: Track; at: Date }
  /**
   * The deck plays it from `at`; with `until`, it played until then and has
   * stopped (a reader that learns both at once, from a history file).
   */
  | { kind: 'playing'; deck: string; track: Track; at: Date; until?: Date | undefined }
  /** The deck stopped, or its track was taken off. */
  | { kind: 'stopped'; deck: string; at: Date }
  /** The source itself says this is on air (a broadcast, a history entry, a feeder). */
  | { kind: 'on-air'; deck: string | null; track: Track; at: Date };

/** A track that started playing to the room: what the bridge sends. */
export interface TrackStarted {
  artist: string;
  title: string;
  startedAt: Date;
  deck: string | null;
  source: SourceName;
}

/** A reader follows one source until it is closed; it reports what it sees in order. */
export interface Reader {
  readonly source: SourceName;
  /** Settles once the reader has looked at its source the first time. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}
