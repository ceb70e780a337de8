import { notifications } from '@mantine/notifications';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useSocketEvent } from '@/lib/socket';

export function playingNowMessage(songName: string): string {
  return `${songName} is playing now!`;
}

/**
 * "<song> is playing now!" wherever the requester is in the app: the push
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
  return null;
}
