import { describe, expect, it } from 'vitest';
import { createInFlightLimit } from '../../src/http/in-flight-limit.ts';

/** Sign-in's cap on password checks per address: a venue's sign-ins wait their turn, nobody else does. */
describe('in-flight limit per key', () => {
  const gated = () => {
    const gates: Array<() => void> = [];
    const slow = () =>
      new Promise<string>((resolve) => {
        gates.push(() => resolve('done'));
      });
    const openAll = async () => {
      // Each opened call lets a waiter start, which adds its own gate: open until none is left.
      for (let round = 0; round < 100 && gates.length > 0; round += 1) {
        for (const open of gates.splice(0)) open();
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    return { slow, gates, openAll };
  };

  it('lets the 3rd..Nth call of one key wait its turn in order, and other keys through at once', async () => {
    const limited = createInFlightLimit({ max: 2, maxWaiting: 10, maxWaitMs: 60_000 });
    const { slow, gates, openAll } = gated();
    const order: number[] = [];
    const calls = Array.from({ length: 8 }, (_, index) =>
      limited('203.0.113.1', async () => {
        order.push(index);
        return slow();
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    // Two run; six wait.
    expect(gates).toHaveLength(2);
    const other = limited('198.51.100.7', slow);
    await new Promise((resolve) => setImmediate(resolve));
    expect(gates).toHaveLength(3);
    await openAll();
    await expect(Promise.all([...calls, other])).resolves.toEqual(Array(9).fill('done'));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Slots are free again, also after a failure.
    await expect(
      limited('203.0.113.1', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    await expect(limited('203.0.113.1', async () => 'again')).resolves.toBe('again');
  });

  it('answers 429 past the waiting bound, and to a call that waited too long', async () => {
    const limited = createInFlightLimit({ max: 2, maxWaiting: 3, maxWaitMs: 50 });
    const { slow, openAll } = gated();
    const running = [limited('203.0.113.2', slow), limited('203.0.113.2', slow)];
    const waiting = [1, 2, 3].map(() => limited('203.0.113.2', slow));
    await expect(limited('203.0.113.2', slow)).rejects.toMatchObject({ statusCode: 429 });
    // Nobody opened the two running calls: the waiters give up after maxWaitMs.
    for (const call of waiting) await expect(call).rejects.toMatchObject({ statusCode: 429 });
    await openAll();
    await expect(Promise.all(running)).resolves.toEqual(['done', 'done']);
    await expect(limited('203.0.113.2', async () => 'free')).resolves.toBe('free');
  });
});
