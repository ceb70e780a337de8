import { notifications } from '@mantine/notifications';
import { IconBan, IconPlayerPlay } from '@tabler/icons-react';
import { useSocketEvent } from '@/lib/socket';

export function playingNowMessage(songName: string): string {
  return `${songName} is playing now!`;
}

export function rejectedMessage(songName: string): string {
  return `The DJ isn't taking “${songName}” tonight.`;
}

/**
 * "<song> is playing now!" (and, when the DJ rejects it, that it will not
 * play) wherever the requester is in the app: the push
 * comes to their own room whether or not they watch the event's page.
 */
export function PlayedSongToasts() {
  useSocketEvent('request:played', ({ request }) => {
    notifications.show({
      id: `played:${request.id}`,
      message: playingNowMessage(request.song_name),
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
