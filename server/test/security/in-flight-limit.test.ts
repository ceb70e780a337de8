import { describe, expect, it } from 'vitest';
import { createInFlightLimit } from '../../src/http/in-flight-limit.ts';

/** Sign-in's cap on password checks per address: the flood waits its turn, nobody else does. */
describe('in-flight limit per key', () => {
  it('refuses a third call of one key while two run, lets other keys through, and frees slots', async () => {
    const limited = createInFlightLimit(2);
    const gates: Array<() => void> = [];
    const slow = () =>
      new Promise<string>((resolve) => {
        gates.push(() => resolve('done'));
      });
    const first = limited('203.0.113.1', slow);
    const second = limited('203.0.113.1', slow);
    await expect(limited('203.0.113.1', slow)).rejects.toMatchObject({ statusCode: 429 });
    const other = limited('198.51.100.7', slow);
    for (const open of gates.splice(0)) open();
    await expect(Promise.all([first, second, other])).resolves.toEqual(['done', 'done', 'done']);
    // Slots are free again, also after a failure.
    await expect(
      limited('203.0.113.1', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    await expect(limited('203.0.113.1', async () => 'again')).resolves.toBe('again');
    await expect(limited('203.0.113.1', async () => 'and again')).resolves.toBe('and again');
  });
});
