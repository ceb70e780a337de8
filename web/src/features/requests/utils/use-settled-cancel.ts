import { useEffect, useRef } from 'react';

/**
 * A button that has just turned from Request into Cancel in the same spot
 * takes no tap for this long: the second tap of a double tap lands on it.
 */
export const CANCEL_SETTLE_MS = 1000;

/** Calls `onCancel` only when the button has shown Cancel for at least CANCEL_SETTLE_MS. */
export function useSettledCancel(requested: boolean, onCancel: () => void): () => void {
  const since = useRef(requested ? 0 : Number.POSITIVE_INFINITY);
  useEffect(() => {
    since.current = requested ? performance.now() : Number.POSITIVE_INFINITY;
  }, [requested]);
  return () => {
    if (performance.now() - since.current >= CANCEL_SETTLE_MS) onCancel();
  };
}
