import type { AttendeeEventDetails, SongRequest } from '@floorfill/shared';

/** What the guest asked for that waits for their yes in the confirm dialog. */
export type PendingAction =
  { kind: 'join' } | { kind: 'leave' } | { kind: 'cancel'; request: SongRequest };

/** The confirm dialog's words for a pending action (empty when none is pending). */
export function confirmTextOf(
  pending: PendingAction | null,
  event: AttendeeEventDetails,
): { title: string; confirm: string; text: string } {
  switch (pending?.kind) {
    case 'join':
      return {
        title: 'Join event?',
        confirm: 'Join',
        text: `You will join “${event.name}” and can request songs.`,
      };
    case 'leave':
      return {
        title: 'Leave event?',
        confirm: 'Leave',
        text: `You will leave “${event.name}”. Your songs that have not been played yet are cancelled.`,
      };
    case 'cancel':
      return {
        title: 'Cancel song request?',
        confirm: 'Remove request',
        text: `“${pending.request.song_name}” will be removed from your requests.`,
      };
    default:
      return { title: '', confirm: '', text: '' };
  }
}
