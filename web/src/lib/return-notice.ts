import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notifyInfo, notifySuccess } from './notify';

/** What a page says for one outcome of a trip elsewhere. */
export interface ReturnNotice {
  message: string;
  tone: 'success' | 'info';
}

/**
 * Back from a page elsewhere (a checkout) with `?<param>=<outcome>`: say how
 * it went, then drop the parameter without a history entry, so a reload does
 * not say it again. An outcome the page does not know is dropped quietly.
 * `notices` must keep its identity between renders (a module constant).
 */
export function useReturnNotice(
  param: string,
  notices: Readonly<Record<string, ReturnNotice>>,
): void {
  const [params, setParams] = useSearchParams();
  const outcome = params.get(param);

  useEffect(() => {
    if (outcome === null) return;
    const notice = Object.hasOwn(notices, outcome) ? notices[outcome] : undefined;
    if (notice?.tone === 'success') notifySuccess(notice.message);
    else if (notice) notifyInfo(notice.message);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [param, notices, outcome, setParams]);
}
