import { vi } from 'vitest';

/**
 * Waits until the assertion holds: readers look at files and sockets on
 * their own clock, and a busy machine may take a while. It returns as soon
 * as the assertion holds; the bound only ends a wait that never would.
 */
export function eventually<T>(assertion: () => T): Promise<T> {
  return vi.waitFor(assertion, { timeout: 10_000, interval: 10 });
}
