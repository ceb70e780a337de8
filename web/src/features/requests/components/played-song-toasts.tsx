import { notifications } from '@mantine/notifications';
import { IconBan, IconPlayerPlay } from '@tabler/icons-react';
import { useSocketEvent } from '@/lib/socket';

export function playedMessage(songName: string): string {
  return `“${songName}” has been played.`;
}

export function rejectedMessage(songName: string): string {
  return `The DJ isn't taking “${songName}” tonight.`;
}

/**
 * "“<song>” has been played." (and, when the DJ rejects it, that it will not
 * play) wherever the requester is in the app: the push comes to their own
 * room whether or not they watch the event's page. The moment a song starts
 * is told on the event's page, which hears what plays (`usePlayingNowAlerts`).
 */
export function PlayedSongToasts() {
  useSocketEvent('request:played', ({ request }) => {
    notifications.show({
      id: `played:${request.id}`,
      message: playedMessage(request.song_name),
      color: 'teal',
      icon: <IconPlayerPlay size={18} aria-hidden="true" />,
    });
  });
  useSocketEvent('request:rejected', ({ eventId, songId, songName }) => {
    notifications.show({
      id: `rejected:${eventId}:${songId}`,
      message: rejectedMessage(songName),
      color: 'orange',
      icon: <IconBan size={18} aria-hidden="true" />,
    });
  });
  return null;
}
