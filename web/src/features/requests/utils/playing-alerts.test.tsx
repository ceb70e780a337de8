import type { NowPlaying, SongRequest } from '@floorfill/shared';
import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupedSong, songRequest } from '@/features/realtime/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { removeFakePush } from '../testing/fake-push';
import { usePlayingNowAlerts, yourSongPlaying } from './playing-alerts';
import { pushAlertsStorageKey } from './push-alerts-state';

/** What the DJ plays, as the room's pushes would change it: a stand-in for the event page's cache. */
const room = {
  listeners: new Set<(nowPlaying: NowPlaying | null) => void>(),
};

function play(nowPlaying: NowPlaying | null): void {
  act(() => {
    for (const listener of room.listeners) listener(nowPlaying);
  });
}

function Page({ opensOn, requests }: { opensOn: NowPlaying | null; requests: SongRequest[] }) {
  const [nowPlaying, setNowPlaying] = useState(opensOn);
  useEffect(() => {
    room.listeners.add(setNowPlaying);
    return () => {
      room.listeners.delete(setNowPlaying);
    };
  }, []);
  usePlayingNowAlerts(nowPlaying, requests, 'Neon Nights');
  return null;
}

const playing = (songId: string, startedAt = '2026-11-21T22:00:00.000Z'): NowPlaying => ({
  ...groupedSong({ song_id: songId }),
  started_at: startedAt,
  requested: true,
});

const mine = songRequest({ song_id: 'mine', song_name: 'Mine' });

/** The page in the background or not, and a system notification recorder. */
function browser(hidden: boolean, permission: NotificationPermission) {
  const shown: Array<{ title: string; body?: string }> = [];
  class RecordedNotification {
    static permission = permission;
    static requestPermission = vi.fn();
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
  }
  vi.stubGlobal('Notification', RecordedNotification);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
  const vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  return { shown, vibrate };
}

describe('usePlayingNowAlerts', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    // Toasts live in one store for the whole file: an earlier test's must not count.
    notifications.clean();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('toasts and buzzes when one of the guest’s songs starts, not for the one playing when the page opened', async () => {
    const { vibrate, shown } = browser(false, 'granted');
    renderWithProviders(<Page opensOn={playing('other')} requests={[mine]} />);
    play(playing('other', '2026-11-21T22:05:00.000Z'));
    expect(vibrate).not.toHaveBeenCalled();

    play(playing('mine'));
    expect(await screen.findByText(yourSongPlaying('Mine'))).toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledTimes(1);
    // The page is in front: no system notification.
    expect(shown).toEqual([]);
  });

  it('opened on the guest’s song playing, says nothing', () => {
    const { vibrate } = browser(false, 'granted');
    renderWithProviders(<Page opensOn={playing('mine')} requests={[mine]} />);
    expect(vibrate).not.toHaveBeenCalled();
    expect(screen.queryByText(yourSongPlaying('Mine'))).not.toBeInTheDocument();
  });

  it('also notifies the system when the page is in the background and the guest allowed it', () => {
    const { shown } = browser(true, 'granted');
    renderWithProviders(<Page opensOn={null} requests={[mine]} />);
    play(playing('mine'));
    expect(shown).toEqual([{ title: 'Neon Nights', body: yourSongPlaying('Mine') }]);
  });

  it('leaves the system notification to the server’s push when the guest’s alerts are on for the event', () => {
    const { shown, vibrate } = browser(true, 'granted');
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
    localStorage.setItem(pushAlertsStorageKey(mine.attendee_id, mine.event_id), '{"on":true}');
    try {
      renderWithProviders(<Page opensOn={null} requests={[mine]} />);
      play(playing('mine'));
      expect(shown).toEqual([]);
      expect(vibrate).toHaveBeenCalledTimes(1);
    } finally {
      removeFakePush();
    }
  });

  it('does without a system notification when the guest refused them', () => {
    const { shown, vibrate } = browser(true, 'denied');
    renderWithProviders(<Page opensOn={null} requests={[mine]} />);
    play(playing('mine'));
    expect(shown).toEqual([]);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });
});
