import { isBlockedSong, REQUEST_RULE_MSG } from '@floorfill/shared';
import type { RequestedSong } from './send-request.repository.ts';

/**
 * The host's request controls as rules a request passes: the song itself
 * (rejected, explicit), then the event's controls (closed, blocked terms, a
 * rest for played songs, a cap, a cooldown). Pure: the caller reads what
 * they look at.
 */

/** The event's end time has passed: it takes no more requests. */
export function hasEnded(event: { end_time: Date }, now = Date.now()): boolean {
  return event.end_time.getTime() <= now;
}

/** A boolean an `exists` answered (the driver may give it as 1). */
function isTrue(value: unknown): boolean {
  return value === true || value === 1;
}

/**
 * What refuses a song whatever the other controls: the host rejected it for
 * the night, or it is explicit while the host takes no explicit songs —
 * marked so in this request, or in the queue by an earlier one (a +1 from
 * the queue does not carry the mark).
 */
export function songRefusal(
  event: { rejected: unknown; explicit_entry: unknown; allow_explicit: boolean },
  song: RequestedSong,
): string | null {
  if (isTrue(event.rejected)) return REQUEST_RULE_MSG.blocked;
  const explicit = song.explicit || isTrue(event.explicit_entry);
  if (explicit && !event.allow_explicit) return REQUEST_RULE_MSG.explicit;
  return null;
}

/** Request controls that refuse some requests: the careful path checks them. */
export interface Rules {
  requests_open: boolean;
  max_open_requests_per_guest: number;
  guest_cooldown_seconds: number;
  song_repeat_minutes: number;
  blocked_terms: string[];
}

export function hasRules(event: Rules): boolean {
  return (
    !event.requests_open ||
    event.max_open_requests_per_guest > 0 ||
    event.guest_cooldown_seconds > 0 ||
    event.song_repeat_minutes > 0 ||
    event.blocked_terms.length > 0
  );
}

/**
 * Why the host's controls refuse this request, in words a guest understands,
 * or null: closed, a term the DJ does not take, a song played too recently,
 * too many of the guest's songs waiting, or too soon after their last one.
 */
export function ruleRefusal(
  rules: Rules & {
    waiting: string | number | null;
    seconds_since_last: number | null;
    seconds_since_played: number | null;
  },
  song: RequestedSong,
): string | null {
  if (!rules.requests_open) return REQUEST_RULE_MSG.closed;
  if (
    isBlockedSong({ song_name: song.songName, song_artist: song.songArtist }, rules.blocked_terms)
  ) {
    return REQUEST_RULE_MSG.blocked;
  }
  const played = rules.seconds_since_played;
  if (rules.song_repeat_minutes > 0 && played !== null && played < rules.song_repeat_minutes * 60) {
    return REQUEST_RULE_MSG.justPlayed;
  }
  const waiting = Number(rules.waiting ?? 0);
  const cap = rules.max_open_requests_per_guest;
  if (cap > 0 && waiting >= cap) return REQUEST_RULE_MSG.tooMany(waiting);
  const since = rules.seconds_since_last;
  const cooldown = rules.guest_cooldown_seconds;
  if (cooldown > 0 && since !== null && since < cooldown) {
    return REQUEST_RULE_MSG.cooldown(Math.max(1, Math.ceil(cooldown - since)));
  }
  return null;
}
