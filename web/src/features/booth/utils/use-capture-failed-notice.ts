import { formatMoney } from '@floorfill/shared';
import { useQueryClient } from '@tanstack/react-query';
import { notifyError } from '@/lib/notify';
import { useSocketEvent } from '@/lib/socket';
import { boothKeys } from '../api/booth-keys';

function captureFailedMessage(songName: string, amountCents: number, currency: string) {
  return `Couldn't charge the ${formatMoney(amountCents, currency)} boost on “${songName}”. The song still plays.`;
}

/**
 * Taking a boost's money failed (the card was declined at capture): the host
 * hears it in their own room (`boost:capture-failed`) and is told; the
 * night's boosts are read again.
 */
export function useCaptureFailedNotice(): void {
  const queryClient = useQueryClient();
  useSocketEvent('boost:capture-failed', ({ eventId, songName, amountCents, currency }) => {
    notifyError(captureFailedMessage(songName, amountCents, currency));
    void queryClient.invalidateQueries({ queryKey: boothKeys.eventBoosts(eventId) });
  });
}
