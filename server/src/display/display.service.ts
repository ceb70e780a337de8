import {
  HELD_GUEST_NAME,
  roomViewOfSong,
  DISPLAY_REQUESTER_NAMES_MAX,
  upNext,
  UP_NEXT_SIZE,
  type DisplaySong,
  type DisplayState,
  type GroupedSongRequest,
} from '@floorfill/shared';
import { eventQrPath } from '../events/event-summary.ts';
import type { EventsService } from '../events/events.service.ts';
import { normalizeEventCode } from '../events/event-code.ts';
import type { CodeCaller, CodeGuard } from '../http/busy-address.ts';
import type { DbOrTrx } from '../infra/db.ts';
import type { LiveQueue } from '../live-queue/live-queue.ts';
import { textScreenFor } from '../moderation/text-screen.ts';

/**
 * The big screen's state (issue 14): what a projector in the room shows —
 * the event's name, times and join QR, whether requests are open, the
 * now-playing song and the next three. Built from the event's row and the
 * live queue; never the address, the attendees or a dedication, and who asked
 * (first names, at most three) only when the host turns that on.
 */

/** Event codes are 6 letters and digits; anything else is a wrong code without a lookup. */
const EVENT_CODE_SHAPE = /^[A-Za-z0-9]{1,16}$/;

/** A first name: the shown name's first word. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** A song as the big screen shows it: words that wait for the host in their neutral form. */
function displaySong(
  heard: GroupedSongRequest,
  names: string[] | undefined,
  showBoosted: boolean,
): DisplaySong {
  const song = roomViewOfSong(heard);
  return {
    song_id: song.song_id,
    song_name: song.song_name,
    song_artist: song.song_artist,
    song_image: song.song_image,
    request_count: song.request_count,
    ...(names ? { requested_by: names } : {}),
    ...(showBoosted && heard.boost_cents > 0 ? { boosted: true as const } : {}),
  };
}

export interface DisplayServiceDeps {
  db: DbOrTrx;
  events: EventsService;
  queue: Pick<LiveQueue, 'groupedQueue' | 'nowPlaying' | 'firstRequesters'>;
  /** The guard every event-code try passes (join-event's and the QR image's). */
  codes: CodeGuard;
}

export function createDisplayService({ db, events, queue, codes }: DisplayServiceDeps) {
  /** The state of a live event (deleted ones: null). */
  async function byEvent(eventId: number): Promise<DisplayState | null> {
    const live = await events.liveSummary(db, eventId);
    if (!live) return null;
    const { event: summary, settings } = live;
    const [playing, queued] = await Promise.all([
      queue.nowPlaying(db, eventId),
      queue.groupedQueue(db, eventId, settings.queue_order, settings.boost_order),
    ]);
    const next = upNext(
      queued,
      playing?.song_id,
      UP_NEXT_SIZE,
      settings.queue_order,
      settings.boost_order,
    );
    const shown = [...(playing ? [playing] : []), ...next];
    const names = new Map<string, string[]>();
    if (settings.display_requester_names && shown.length > 0) {
      const rows = await queue.firstRequesters(
        db,
        eventId,
        shown.map((song) => song.song_id),
        DISPLAY_REQUESTER_NAMES_MAX,
      );
      // A name the screen holds shows as "a guest" until the host allows it.
      const screen = textScreenFor(settings.blocked);
      for (const { song_id: songId, name, name_allowed: allowed } of rows) {
        const shownName = allowed || !screen.holds(name) ? firstName(name) : HELD_GUEST_NAME;
        names.set(songId, [...(names.get(songId) ?? []), shownName]);
      }
    }
    const namesOf = (songId: string) =>
      settings.display_requester_names ? (names.get(songId) ?? []) : undefined;
    return {
      event_id: summary.id,
      name: summary.name,
      code: summary.code,
      // Read off the screen and typed: short, without the key its QR carries.
      join_url: events.typedEventUrl(summary.code),
      qrcode_path: eventQrPath(summary.code),
      timezone: summary.timezone,
      start_time: summary.start_time,
      end_time: summary.end_time,
      is_live: summary.is_live,
      has_ended: summary.has_ended,
      requests_open: settings.requests_open,
      now_playing: playing
        ? {
            ...displaySong(playing, namesOf(playing.song_id), settings.display_boosted),
            started_at: playing.started_at,
          }
        : null,
      up_next: next.map((song) =>
        displaySong(song, namesOf(song.song_id), settings.display_boosted),
      ),
    };
  }

  return {
    byEvent,

    /**
     * The state of the live event holding a code (any case). The try passes
     * the code guard (an account out of tries: 429; a busy address without a
     * solved challenge: 428) and a wrong code spends its budgets; the event's
     * own host opening its screen is never counted or challenged.
     */
    async byCode(code: string, caller: CodeCaller): Promise<DisplayState | null> {
      const normalized = normalizeEventCode(code);
      const event = EVENT_CODE_SHAPE.test(normalized)
        ? await events.findByCode(db, normalized)
        : undefined;
      const byHost = event !== undefined && caller.userId === event.host_id;
      const attempt = byHost ? undefined : await codes.admit(caller);
      const state = event ? await byEvent(event.id) : null;
      if (!state && attempt) await codes.wrong(attempt);
      return state;
    },
  };
}

export type DisplayService = ReturnType<typeof createDisplayService>;
