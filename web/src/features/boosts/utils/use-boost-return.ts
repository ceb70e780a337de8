import { BOOST_MSG, BOOST_RETURN, BOOST_RETURN_PARAM } from '@floorfill/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useReturnNotice, type ReturnNotice } from '@/lib/return-notice';

const BOOST_NOTICES: Record<string, ReturnNotice> = {
  [BOOST_RETURN.held]: { message: BOOST_MSG.held, tone: 'success' },
  [BOOST_RETURN.cancelled]: { message: BOOST_MSG.cancelledReturn, tone: 'info' },
};

/**
 * Back from a boost's checkout: say how it went, then drop the parameter.
 * Answers whether the page opened that way, so the guest's boosts are
 * fetched even if the host has turned boosts off meanwhile.
 */
export function useBoostReturn(): boolean {
  const [params] = useSearchParams();
  const [returned] = useState(() => params.has(BOOST_RETURN_PARAM));
  useReturnNotice(BOOST_RETURN_PARAM, BOOST_NOTICES);
  return returned;
}
