import type { DeckEvent, SourceName, Track, TrackStarted } from './track.ts';

export interface OnAirOptions {
  /** How long a deck must play a track before it counts as started (read at each start: the booth may change it). */
  playSeconds: number | (() => number);
  /** Tracks on air or stopped before this moment are history, not news: never reported. */
  since: Date;
  source: SourceName;
  onStarted(track: TrackStarted): void;
}

/** Tracks already reported are remembered this far back, so a re-read file reports nothing twice. */
const REMEMBERED = 500;

/**
 * Loaded is not playing: a deck's track counts as started once the deck has
 * played it for `playSeconds` without a stop or another track in between,
 * or at once when the source says it is on air. Each start is reported
 * once, with the moment it began.
 */
export function createOnAirRule({ playSeconds, since, source, onStarted }: OnAirOptions) {
  const waiting = new Map<string, NodeJS.Timeout>();
  const reported: string[] = [];
  const playMs = () => (typeof playSeconds === 'function' ? playSeconds() : playSeconds) * 1000;

  function report(deck: string | null, track: Track, startedAt: Date): void {
    const key = `${deck ?? ''}\u0000${startedAt.getTime()}\u0000${track.artist}\u0000${track.title}`;
    if (reported.includes(key)) return;
    reported.push(key);
    if (reported.length > REMEMBERED) reported.shift();
    onStarted({ artist: track.artist, title: track.title, startedAt, deck, source });
  }

  function forget(deck: string): void {
    clearTimeout(waiting.get(deck));
    waiting.delete(deck);
  }

  return {
    push(event: DeckEvent): void {
      switch (event.kind) {
        case 'loaded':
        case 'stopped':
          if (event.deck !== null) forget(event.deck);
          return;
        case 'on-air':
          if (event.deck !== null) forget(event.deck);
          if (event.at >= since) report(event.deck, event.track, event.at);
          return;
        case 'playing': {
          forget(event.deck);
          const { deck, track, at, until } = event;
          if (until) {
            if (until.getTime() - at.getTime() >= playMs() && until >= since)
              report(deck, track, at);
            return;
          }
          const due = at.getTime() + playMs() - Date.now();
          if (due <= 0) {
            report(deck, track, at);
            return;
          }
          waiting.set(
            deck,
            setTimeout(() => {
              waiting.delete(deck);
              report(deck, track, at);
            }, due),
          );
          return;
        }
      }
    },
    close(): void {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}

export type OnAirRule = ReturnType<typeof createOnAirRule>;
