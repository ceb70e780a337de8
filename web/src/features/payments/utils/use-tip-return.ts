import { TIP_RETURN, TIP_RETURN_PARAM } from '@floorfill/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notifyInfo, notifySuccess } from '@/lib/notify';

export const TIP_SUCCESS = 'Thank you! Your tip was sent.';
export const TIP_CANCELLED = 'Tip cancelled.';

/**
 * Back from checkout with `?tip=success|cancelled`: say how it went, then
 * drop the parameter without a history entry (a reload does not repeat it).
 */
export function useTipReturnNotice(): void {
  const [params, setParams] = useSearchParams();
  const outcome = params.get(TIP_RETURN_PARAM);

  useEffect(() => {
    if (outcome === null) return;
    if (outcome === TIP_RETURN.success) notifySuccess(TIP_SUCCESS);
    else if (outcome === TIP_RETURN.cancelled) notifyInfo(TIP_CANCELLED);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TIP_RETURN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}
