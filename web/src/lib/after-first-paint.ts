import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first render, true right after (as a transition):
 * a page draws what a phone shows first on its own, and the rest (below the
 * fold, a collapsed menu) in a second render React may split into short
 * tasks, so the browser paints the top before that work starts.
 */
export function useAfterFirstPaint(ready = true): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (ready && !after) startTransition(() => setAfter(true));
  }, [ready, after]);
  return after;
}
