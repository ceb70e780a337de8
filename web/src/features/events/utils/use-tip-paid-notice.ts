import { formatCents } from '@floorfill/shared';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '@/lib/socket';
import { eventKeys } from '../api/event-keys';

const TIP_TOAST_MS = 10_000;

export function tipPaidMessage(attendeeName: string, amountCents: number): string {
  return `${attendeeName} tipped you ${formatCents(amountCents)}`;
}

/**
 * A paid tip reaches the host's own room as `tip:paid`: toast it and refetch
 * the dashboard so the TIPS card counts it.
 */
export function useTipPaidNotice(): void {
  const queryClient = useQueryClient();
  useSocketEvent('tip:paid', ({ tipId, attendeeName, amountCents }) => {
    // Keyed by tip, so two equal tips both show and a repeated push shows once.
    notifications.show({
      id: `tip:${tipId}`,
      message: tipPaidMessage(attendeeName, amountCents),
      color: 'teal',
      // Money arriving mid-set is worth a longer look than a routine toast.
      autoClose: TIP_TOAST_MS,
    });
    void queryClient.invalidateQueries({ queryKey: eventKeys.dashboard() });
  });
}
