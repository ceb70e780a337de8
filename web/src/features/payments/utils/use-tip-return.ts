import { TIP_RETURN, TIP_RETURN_PARAM } from '@floorfill/shared';
import { useReturnNotice, type ReturnNotice } from '@/lib/return-notice';

export const TIP_SUCCESS = 'Thank you! Your tip was sent.';
export const TIP_CANCELLED = 'Tip cancelled.';

const TIP_NOTICES: Record<string, ReturnNotice> = {
  [TIP_RETURN.success]: { message: TIP_SUCCESS, tone: 'success' },
  [TIP_RETURN.cancelled]: { message: TIP_CANCELLED, tone: 'info' },
};

/** Back from checkout with `?tip=success|cancelled`: say how it went, then drop the parameter. */
export function useTipReturnNotice(): void {
  useReturnNotice(TIP_RETURN_PARAM, TIP_NOTICES);
}
