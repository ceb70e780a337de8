import {
  challengeRequiredData,
  type AltchaChallenge,
  type ChallengeRequiredData,
} from '@floorfill/shared';
import type { Challenge } from 'altcha-lib';
import { useSyncExternalStore } from 'react';

/**
 * The busy-address check (docs/api.md, "The busy-address challenge"): when
 * many people share one address (a venue's Wi-Fi, a carrier's NAT) and it is
 * past its budget, the server answers 428 with an ALTCHA proof-of-work
 * challenge instead of refusing the room. The app solves it by itself, off
 * the page's thread, and sends the same call again with the solution; the
 * person only waits a moment. The solver (altcha-lib and its worker) is
 * fetched the first time a challenge comes, never with the page.
 */

/**
 * Challenges one call solves before it gives up: a solution is good once,
 * so a second 428 (the first solution expired, or the address was asked
 * again) is solved again, but a server that keeps asking is not chased.
 */
export const MAX_CHALLENGE_ROUNDS = 3;

/**
 * The challenge in an answer's envelope (`{msg, data: {challenge}}`): a 428's
 * body, or a refused socket command's acknowledgement. Null when there is
 * none. It is handed back exactly as the server sent it (the proof carries the
 * signed challenge), so the check only decides whether there is one.
 */
export function challengeIn(envelope: unknown): AltchaChallenge | null {
  if (typeof envelope !== 'object' || envelope === null || !('data' in envelope)) return null;
  const { data } = envelope;
  if (!challengeRequiredData.safeParse(data).success) return null;
  // The server's own object, not zod's copy of it.
  return (data as ChallengeRequiredData).challenge;
}

let checking = 0;
const listeners = new Set<() => void>();

function setChecking(change: 1 | -1): void {
  checking += change;
  for (const listener of listeners) listener();
}

/**
 * Marks this page as checking its device, from the challenge's arrival until
 * the call it guards has its answer (the returned function; a second call
 * does nothing): what the person waits for is the call, not only the solve.
 */
export function startChecking(): () => void {
  setChecking(1);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    setChecking(-1);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isChecking = () => checking > 0;

/**
 * True while this page is checking its device for a busy address: the
 * screen shows a short wait (not an error) until the call goes through.
 */
export function useChecking(): boolean {
  return useSyncExternalStore(subscribe, isChecking, isChecking);
}

/**
 * True while a call the person started (`pending`) waits on this device's
 * check: the moment to say "checking this device", not an error.
 */
export function useCheckingDevice(pending: boolean): boolean {
  const checkingNow = useChecking();
  return pending && checkingNow;
}

/** The challenge could not be solved here (the solver failed or ran out of time). */
export class ChallengeUnsolvedError extends Error {
  constructor() {
    super('The busy-address challenge was not solved.');
    this.name = 'ChallengeUnsolvedError';
  }
}

/**
 * Solves `challenge` and returns the value of the `X-Altcha` header (or the
 * socket's `altcha` field) that proves it. Throws `ChallengeUnsolvedError`
 * when it cannot be solved, and the signal's AbortError when the caller
 * gave up first.
 */
export async function solveChallenge(
  challenge: AltchaChallenge,
  signal?: AbortSignal,
): Promise<string> {
  const { solveToPayload } = await import('./challenge-solver');
  // The server made it with altcha-lib's createChallenge: the solver's own type.
  const payload = await solveToPayload(challenge as Challenge, signal);
  if (!payload) throw new ChallengeUnsolvedError();
  return payload;
}
