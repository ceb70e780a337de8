import type { EventSummary, RequestSettings } from '@floorfill/shared';
import type { EventFields, EventSummaryRow } from './events.repository.ts';
import { formatEventTime, monthAndDayBadge } from './time-zones.ts';

/** An event as the contract shows it: its summary card, its links, its request controls. */

/** The address parts a card shows, or 'N/A'. */
export function locationOf(
  event: Pick<EventFields, 'address' | 'city' | 'state' | 'zip' | 'country'>,
): string {
  const parts = [event.address, event.city, event.state, event.zip, event.country]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : 'N/A';
}

/** The request controls as the contract names them, from an events row. */
export function requestSettingsOf(row: {
  requests_open: boolean;
  max_open_requests_per_guest: number;
  guest_cooldown_seconds: number;
  song_repeat_minutes: number;
  allow_explicit: boolean;
  blocked_terms: string[];
  display_requester_names: boolean;
  queue_order: RequestSettings['queue_order'];
  boosts_enabled: boolean;
  boost_min_cents: number;
  boost_currency: string;
  boost_order: RequestSettings['boost_order'];
  boost_counts_after_seconds: number;
  display_boosted: boolean;
}): RequestSettings {
  return {
    requests_open: row.requests_open,
    max_open_requests_per_guest: row.max_open_requests_per_guest,
    guest_cooldown_seconds: row.guest_cooldown_seconds,
    song_repeat_minutes: row.song_repeat_minutes,
    allow_explicit: row.allow_explicit,
    blocked: row.blocked_terms,
    display_requester_names: row.display_requester_names,
    queue_order: row.queue_order,
    boosts_enabled: row.boosts_enabled,
    boost_min_cents: row.boost_min_cents,
    boost_currency: row.boost_currency,
    boost_order: row.boost_order,
    boost_counts_after_seconds: row.boost_counts_after_seconds,
    display_boosted: row.display_boosted,
  };
}

/** Where the event's QR image is served (under the public URL). */
export function eventQrPath(code: string): string {
  return `/api/qr/events/${code}.png`;
}

/** The summaries of events as this deployment (its public URL) links them. */
export function createEventSummaries(publicUrl: string, linkKeyOf: (code: string) => string) {
  /** The landing as someone types it from a screen or a poster: no key, so its code meets the guard. */
  const typedEventUrl = (code: string) => `${publicUrl}/e/${encodeURIComponent(code)}`;
  /**
   * The link the QR encodes and the host shares: the event's public landing
   * by its code, which the landing joins with, and the key that shows the
   * link was given out (event-pass.ts). The one place it is built.
   */
  const eventUrl = (code: string) =>
    `${typedEventUrl(code)}?${new URLSearchParams({ k: linkKeyOf(code) }).toString()}`;

  function toSummary(row: EventSummaryRow, now = Date.now()): EventSummary {
    const badge = monthAndDayBadge(row.start_time, row.timezone);
    const start = row.start_time.getTime();
    const end = row.end_time.getTime();
    return {
      id: row.id,
      host_id: row.host_id,
      name: row.name,
      start_time: row.start_time.toISOString(),
      end_time: row.end_time.toISOString(),
      timezone: row.timezone,
      formatted_start_time: formatEventTime(row.start_time, row.timezone),
      formatted_end_time: formatEventTime(row.end_time, row.timezone),
      start_date_month: badge.month,
      start_day: badge.day,
      address: row.address,
      zip: row.zip,
      city: row.city,
      state: row.state,
      country: row.country,
      location: locationOf(row),
      banner_path: row.banner_path,
      banner_base_path: publicUrl,
      code: row.code,
      event_code: row.code,
      url: eventUrl(row.code),
      qrcode_path: eventQrPath(row.code),
      qrcode_base_path: publicUrl,
      enrolled_users_count: Number(row.enrolled_users_count ?? 0),
      song_requests_count: Number(row.song_requests_count ?? 0),
      is_live: start <= now && now < end,
      has_ended: end <= now,
    };
  }

  return { eventUrl, typedEventUrl, toSummary };
}
