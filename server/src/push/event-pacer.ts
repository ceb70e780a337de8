/**
 * At most `perSecond` starts per event in this process, evenly spaced: a
 * popular song's hundreds of requesters are told over a few seconds instead
 * of in one burst that holds the node's sockets and CPU. Each event has its
 * own pace, so one busy room never slows another's notices.
 */
export function createEventPacer(
  perSecond: number,
  now: () => number = performance.now.bind(performance),
) {
  const spacingMs = 1000 / perSecond;
  /** When each event's next start may happen; an entry in the past is forgotten. */
  const nextStart = new Map<number, number>();
  return {
    /** Resolves when this event may start one more send. */
    async take(eventId: number): Promise<void> {
      const current = now();
      for (const [id, at] of nextStart) if (at <= current) nextStart.delete(id);
      const at = Math.max(current, nextStart.get(eventId) ?? current);
      nextStart.set(eventId, at + spacingMs);
      const waitMs = at - current;
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    },
  };
}

export type EventPacer = ReturnType<typeof createEventPacer>;
