import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './idle';

/**
 * False for a component's first render, true right after (as a transition):
 * a page draws what a phone shows first on its own, and the rest (below the
 * fold) in a second render React may split into short tasks, so the browser
 * paints the top before that work starts.
 */
export function useAfterFirstPaint(ready = true): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (ready && !after) startTransition(() => setAfter(true));
  }, [ready, after]);
  return after;
}

/**
 * False until the page has drawn its content and the browser is idle, then
 * true (as a transition): for what nobody sees at first, such as a phone's
 * collapsed menu, drawn once nothing the page needs is waiting.
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
