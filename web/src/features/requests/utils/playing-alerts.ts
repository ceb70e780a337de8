import type { NowPlaying, SongRequest } from '@floorfill/shared';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { alertsOn, notificationsSupported } from './push-alerts-state';

/**
 * "Your song is playing now": a toast and a buzz when one of the guest's
 * songs starts, and a system notification when the page is in the
 * background. The system notification needs the guest's permission, asked
 * for once, after their first request (never on page load,
 * `alertsAfterFirstRequest`); refused, the page simply does without. With
 * the guest's Web Push alerts on for the event, the server's push says it
 * instead (the service worker shows it), so the page does not say it twice.
 */

export function yourSongPlaying(songName: string): string {
  return `Your song “${songName}” is playing now!`;
}

/** The vibration pattern when a guest's song starts: two short buzzes. */
const PLAYING_BUZZ = [200, 100, 200];

/**
 * A system notification, when the guest allowed them. Phones that only show
 * them through a service worker (Chrome on Android) refuse the constructor:
 * the page's service worker shows it then, if it has one.
 */
function showSystemNotification(title: string, body: string, tag: string): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    void navigator.serviceWorker
      ?.getRegistration()
      .then((registration) => registration?.showNotification(title, { body, tag }))
      .catch(() => undefined);
  }
}

function announce(request: SongRequest, eventName: string): void {
  const message = yourSongPlaying(request.song_name);
  notifications.show({
    id: `playing:${request.event_id}:${request.song_id}`,
    message,
    color: 'teal',
  });
  navigator.vibrate?.(PLAYING_BUZZ);
  if (document.visibilityState === 'hidden' && !alertsOn(request.attendee_id, request.event_id)) {
    showSystemNotification(eventName, message, `playing:${request.event_id}`);
  }
}

/**
 * Announces each start of one of the guest's songs while the page is open
 * (not the one already playing when it opened).
 */
export function usePlayingNowAlerts(
  nowPlaying: NowPlaying | null,
  requests: readonly SongRequest[],
  eventName: string,
): void {
  const seen = useRef<string | null | undefined>(undefined);
  const playing = nowPlaying ? `${nowPlaying.song_id}@${nowPlaying.started_at}` : null;
  useEffect(() => {
    const before = seen.current;
    seen.current = playing;
    if (before === undefined || playing === null || playing === before || !nowPlaying) return;
    const mine = requests.find((request) => request.song_id === nowPlaying.song_id);
    if (mine) announce(mine, eventName);
  }, [playing, nowPlaying, requests, eventName]);
}
